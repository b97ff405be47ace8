import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { userDevices, users } from "../db/schema";
import { newId } from "../ids";
import { queueAccountMail } from "../mail/account-mail";
import { twoFactorBackoffs } from "./account-limits";
import { recordSecurityEvent } from "./security-audit";
import { consumeAttempts } from "./throttle";
import { checkSecondFactor } from "./two-factor";

/**
 * The sign-in's step after the password (next-auth's authorize calls it once
 * checkCredentials accepted the password):
 *   1. two-factor: an account that has it needs a code (TOTP or recovery code) unless this
 *      browser was trusted for 30 days with a code; a missing code answers TWO_FACTOR_REQUIRED
 *      (the form then asks for one), a wrong one TWO_FACTOR_INVALID, counted per account and
 *      per address on the shared throttle (10 / 50 per 15 minutes, like the password);
 *   2. the device: the browser's httpOnly `sika-device` cookie names a row of user_devices;
 *      a browser not seen before gets one, and a notice mail when the account had others;
 *   3. the audit row `user.signed_in` (method, new device or not).
 * The code itself is never logged or stored.
 */
export const DEVICE_COOKIE = "sika-device";
export const DEVICE_COOKIE_MAX_AGE = 365 * 86_400;
export const TRUST_DAYS = 30;
export const TWO_FACTOR_REQUIRED = "two_factor_required";
export const TWO_FACTOR_INVALID = "two_factor_invalid";

export class SecondFactorRefused extends Error {}

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface SecondStepInput {
  code?: string;
  remember?: boolean;
  /** The sika-device cookie's value, if the browser sent one. */
  deviceToken?: string;
  address: string;
  userAgent: string;
}

/** Returns the device token the browser should keep (set as the cookie again). */
export async function completeSignIn(db: DbOrTx, user: { id: string; email: string }, input: SecondStepInput): Promise<{ deviceToken: string; method: string }> {
  const [state] = await db.select({ enabledAt: users.twoFactorEnabledAt, locale: users.locale }).from(users).where(eq(users.id, user.id));
  const token = input.deviceToken && /^[A-Za-z0-9_-]{20,100}$/.test(input.deviceToken) ? input.deviceToken : undefined;
  const [device] = token
    ? await db.select().from(userDevices).where(and(eq(userDevices.userId, user.id), eq(userDevices.tokenHash, hash(token)))).limit(1)
    : [];
  const now = new Date();

  let method = "password";
  let trustNow = false;
  if (state?.enabledAt) {
    if (device?.trustedUntil && device.trustedUntil > now) method = "password+trusted_device";
    else {
      const code = input.code?.trim();
      if (!code) throw new SecondFactorRefused(TWO_FACTOR_REQUIRED);
      // Counted before the check (issue 19 §3), backed off like the password.
      const attempt = await consumeAttempts([
        [twoFactorBackoffs.account, user.id],
        [twoFactorBackoffs.address, input.address],
      ]);
      const factor = code.length <= 32 ? await checkSecondFactor(db, user.id, code) : null;
      if (!factor) {
        await attempt.failed();
        throw new SecondFactorRefused(TWO_FACTOR_INVALID);
      }
      await attempt.succeeded();
      method = `password+${factor}`;
      trustNow = Boolean(input.remember);
    }
  }

  const seen = { lastSeenAt: now, ip: input.address.slice(0, 64), userAgent: input.userAgent.slice(0, 400) };
  const trustedUntil = trustNow ? new Date(now.getTime() + TRUST_DAYS * 86_400_000) : undefined;
  let deviceToken = token ?? "";
  const newDevice = !device;
  if (device) {
    await db.update(userDevices).set({ ...seen, ...(trustedUntil ? { trustedUntil } : {}) }).where(eq(userDevices.id, device.id));
  } else {
    const [known] = await db.select({ id: userDevices.id }).from(userDevices).where(eq(userDevices.userId, user.id)).limit(1);
    deviceToken = crypto.randomBytes(24).toString("base64url");
    await db.insert(userDevices).values({ id: newId("userDevice"), userId: user.id, tokenHash: hash(deviceToken), trustedUntil: trustedUntil ?? null, ...seen });
    // The very first browser of an account is where it was made: no notice for that one.
    if (known) void queueAccountMail(user.email, state?.locale, { kind: "new_sign_in", when: now, ip: seen.ip, userAgent: seen.userAgent || "unknown" });
  }
  await recordSecurityEvent(db, {
    userId: user.id,
    email: user.email,
    action: "user.signed_in",
    origin: { ip: input.address, userAgent: input.userAgent },
    after: { method, new_device: newDevice, ...(trustNow ? { device_trusted_days: TRUST_DAYS } : {}) },
  });
  return { deviceToken, method };
}
