import crypto from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verifySync } from "otplib";
import QRCode from "qrcode";
import type { DbOrTx } from "../db/client";
import { twoFactorRecoveryCodes, users } from "../db/schema";
import { AppError, fieldError } from "../errors";
import { newId } from "../ids";
import { decryptSecret, encryptSecret } from "./secret-box";

/**
 * Two-factor sign-in (issue 22): TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, what
 * every authenticator app reads from the QR code) through otplib, plus ten single-use
 * recovery codes. The secret is sealed with SECRETS_KEY; recovery codes are stored as
 * SHA-256 hashes and shown once. A code is accepted one step either side of now (clock
 * drift) and only once: the accepted time step is recorded and a step at or before it is
 * refused, so a code seen over a shoulder cannot be replayed within its window.
 * Codes are never logged.
 */
export const TOTP_ISSUER = "Sika";
export const RECOVERY_CODE_COUNT = 10;

const hashCode = (code: string) => crypto.createHash("sha256").update(code).digest("hex");
const normalize = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** `xxxxx-xxxxx` from base32 letters: 50 random bits each. */
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ id: newId("recoveryCode"), userId, codeHash: hashCode(normalize(c)) })));
  return codes;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: DbOrTx, userId: string): Promise<TwoFactorStatus> {
  const [user] = await db.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, userId));
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: Boolean(user?.enabledAt), enabledAt: user?.enabledAt ?? null, recoveryCodesLeft: user?.enabledAt ? (left?.n ?? 0) : 0 };
}

/** Step one of enrolment: a fresh secret (replacing an unconfirmed one), its otpauth URI and QR code. */
export async function startEnrolment(db: DbOrTx, user: { id: string; email: string }): Promise<{ secret: string; uri: string; qrDataUrl: string }> {
  const [row] = await db.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, user.id));
  if (row?.enabledAt) throw new AppError("conflict", "Two-factor sign-in is already on.");
  const secret = generateSecret();
  await db.update(users).set({ twoFactorSecret: encryptSecret(secret), twoFactorLastStep: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  const uri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * Checks a TOTP code against the user's secret and records its time step, atomically: of
 * two requests with the same code only one gets true.
 */
export async function acceptTotp(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const token = normalize(code);
  if (!/^\d{6}$/.test(token)) return false;
  const [row] = await db.select({ sealed: users.twoFactorSecret }).from(users).where(eq(users.id, userId));
  if (!row?.sealed) return false;
  const result = verifySync({ secret: decryptSecret(row.sealed), token, epochTolerance: 30 });
  if (!result.valid) return false;
  // The TOTP result carries the matched time step (the union type also covers HOTP's).
  const step = (result as { timeStep?: number }).timeStep;
  if (typeof step !== "number") return false;
  const [claimed] = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return Boolean(claimed);
}

/** Uses one recovery code (true) or refuses an unknown or used one. */
export async function spendRecoveryCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const token = normalize(code);
  if (!/^[a-z2-7]{10}$/.test(token)) return false;
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashCode(token)), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(used);
}

/** The sign-in's second step: which factor the code was, or null. */
export async function checkSecondFactor(db: DbOrTx, userId: string, code: string): Promise<"totp" | "recovery_code" | null> {
  if (await acceptTotp(db, userId, code)) return "totp";
  if (await spendRecoveryCode(db, userId, code)) return "recovery_code";
  return null;
}

/** Step two of enrolment: the first code from the app turns it on and returns the recovery codes (shown once). */
export async function confirmEnrolment(db: DbOrTx, input: { userId: string; code: string }): Promise<string[]> {
  const [row] = await db.select({ enabledAt: users.twoFactorEnabledAt, sealed: users.twoFactorSecret }).from(users).where(eq(users.id, input.userId));
  if (row?.enabledAt) throw new AppError("conflict", "Two-factor sign-in is already on.");
  if (!row?.sealed) throw new AppError("bad_request", "Start the set-up again: scan the QR code first.");
  if (!(await acceptTotp(db, input.userId, input.code))) throw fieldError("code", "This code is not right. Check the app's clock and try the next one.");
  await db.update(users).set({ twoFactorEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, input.userId));
  return replaceRecoveryCodes(db, input.userId);
}

/** Turns two-factor off: the secret, the recovery codes and the replay marker go. */
export async function clearTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}
