import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { merchants, userDevices, users } from "../db/schema";
import { AppError, fieldError } from "../errors";
import { recordAudit, type AuditOrigin } from "../audit/record";
import { queueAccountMail } from "../mail/account-mail";
import { verifyPassword } from "./passwords";
import { backoffs, consumeAttempts } from "./throttle";
import { recordSecurityEvent } from "./security-audit";
import { clearTwoFactor, confirmEnrolment, replaceRecoveryCodes } from "./two-factor";
import { operatorTwoFactorRequired, teamsRequiringTwoFactor } from "./two-factor-policy";
import { twoFactorBackoffs } from "./account-limits";

/**
 * The Settings side of two-factor sign-in: turning it on (audited), off and regenerating
 * recovery codes (both need the current password, throttled like sign-in; off also mails a
 * notice), and the owner's team-wide requirement.
 */
interface Actor {
  userId: string;
  email: string;
  address: string;
  origin?: AuditOrigin;
}

async function confirmPassword(db: DbOrTx, actor: Actor, password: string): Promise<void> {
  const attempt = await consumeAttempts([
    [backoffs.signInAccount, actor.email.toLowerCase()],
    [backoffs.signInAddress, actor.address],
  ]);
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (user && password.length <= 1024 && (await verifyPassword(password, user.hash))) return attempt.succeeded();
  await attempt.failed();
  throw fieldError("password", "The password is not correct.");
}

export async function enableTwoFactor(db: DbOrTx, actor: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
  const attempt = await consumeAttempts([
    [twoFactorBackoffs.account, actor.userId],
    [twoFactorBackoffs.address, actor.address],
  ]);
  try {
    const recoveryCodes = await confirmEnrolment(db, { userId: actor.userId, code });
    await attempt.succeeded();
    await recordSecurityEvent(db, { userId: actor.userId, email: actor.email, action: "user.two_factor_enabled", origin: actor.origin });
    return { recoveryCodes };
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_failed") await attempt.failed();
    throw err;
  }
}

export async function disableTwoFactor(db: DbOrTx, actor: Actor, password: string): Promise<void> {
  await confirmPassword(db, actor, password);
  const [user] = await db.select({ isOperator: users.isOperator, locale: users.locale, enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, actor.userId));
  if (!user?.enabledAt) return;
  if (user.isOperator && operatorTwoFactorRequired()) throw new AppError("forbidden", "Operators must keep two-factor sign-in on.");
  const teams = await teamsRequiringTwoFactor(db, actor.userId);
  if (teams.length) throw new AppError("forbidden", `${teams.join(", ")} requires two-factor sign-in: it stays on while you are a member.`);
  await clearTwoFactor(db, actor.userId);
  await db.update(userDevices).set({ trustedUntil: null }).where(eq(userDevices.userId, actor.userId));
  await recordSecurityEvent(db, { userId: actor.userId, email: actor.email, action: "user.two_factor_disabled", origin: actor.origin });
  void queueAccountMail(actor.email, user.locale, { kind: "two_factor_disabled", when: new Date() });
}

export async function regenerateRecoveryCodes(db: DbOrTx, actor: Actor, password: string): Promise<{ recoveryCodes: string[] }> {
  await confirmPassword(db, actor, password);
  const [user] = await db.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, actor.userId));
  if (!user?.enabledAt) throw new AppError("bad_request", "Turn on two-factor sign-in first.");
  const recoveryCodes = await replaceRecoveryCodes(db, actor.userId);
  await recordSecurityEvent(db, { userId: actor.userId, email: actor.email, action: "user.recovery_codes_regenerated", origin: actor.origin });
  return { recoveryCodes };
}

/** Owner only (the router checks the role); the owner needs it on first, or they would lock themselves out. */
export async function setTeamTwoFactorRequirement(db: DbOrTx, actor: Actor & { merchantId: string; twoFactorEnabled: boolean }, required: boolean): Promise<void> {
  if (required && !actor.twoFactorEnabled) throw new AppError("two_factor_required", "Turn on two-factor sign-in for your own account first.");
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ required: merchants.requireTwoFactor }).from(merchants).where(eq(merchants.id, actor.merchantId));
    if (!before || before.required === required) return;
    await tx.update(merchants).set({ requireTwoFactor: required, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      actor: { type: "user", id: actor.userId, label: actor.email },
      action: "team.two_factor_requirement_changed",
      target: { type: "merchant", id: actor.merchantId },
      before: { require_two_factor: before.required },
      after: { require_two_factor: required },
      origin: actor.origin,
    });
  });
}
