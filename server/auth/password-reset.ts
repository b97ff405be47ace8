import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { userDevices, users } from "../db/schema";
import { fieldError } from "../errors";
import type { AuditOrigin } from "../audit/record";
import { queueAccountMail } from "../mail/account-mail";
import { publicBaseUrl } from "../mail/templates";
import { accountTokenUsable, claimAccountToken, issueAccountToken } from "./account-tokens";
import { accountLimits } from "./account-limits";
import { hashPassword } from "./passwords";
import { endSessions } from "./session";
import { backoffs, consumeOrThrow, forgetAttempts } from "./throttle";
import { findUserByEmail, normalizeEmail } from "./users";
import { recordSecurityEvent } from "./security-audit";

/**
 * Password reset by email (issue 22). The request answers the same whether or not the
 * address has an account (the mail goes out in the background, so the answer time does not
 * tell either); the link works once, for an hour. Using it sets the new password, ends every
 * session (users.session_version), forgets the devices trusted to skip two-factor, counts as
 * proof of the address (verifies it) and sends a "password changed" notice. Two-factor
 * sign-in stays on: a reset link alone never opens an account that has it.
 */
export const RESET_REQUESTED = "If an account uses this address, we have sent it a link to reset the password.";

export async function requestPasswordReset(db: DbOrTx, input: { email: string; address: string; locale?: string | null }): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  await consumeOrThrow(accountLimits.resetRequestAddress, input.address);
  await consumeOrThrow(accountLimits.resetRequestEmail, email);
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = await issueAccountToken(db, { userId: user.id, email: user.email, purpose: "reset_password" });
    void queueAccountMail(user.email, user.locale ?? input.locale, { kind: "reset_password", link: `${publicBaseUrl()}/reset-password?token=${token}` });
  }
  return { message: RESET_REQUESTED };
}

export async function resetLinkUsable(db: DbOrTx, input: { token: string; address: string }): Promise<boolean> {
  await consumeOrThrow(accountLimits.linkAddress, input.address);
  return accountTokenUsable(db, input.token, "reset_password");
}

export async function resetPassword(db: DbOrTx, input: { token: string; newPassword: string; address: string; origin?: AuditOrigin }): Promise<{ email: string }> {
  await consumeOrThrow(accountLimits.linkAddress, input.address);
  if (input.newPassword.length < 8) throw fieldError("newPassword", "Use at least 8 characters.");
  const passwordHash = await hashPassword(input.newPassword);
  const done = await db.transaction(async (tx) => {
    const claimed = await claimAccountToken(tx, input.token, "reset_password");
    if (!claimed) return null;
    const [user] = await tx.select({ email: users.email, locale: users.locale, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, claimed.userId));
    if (!user || user.email.toLowerCase() !== claimed.email.toLowerCase()) return null;
    const now = new Date();
    await tx.update(users).set({ passwordHash, emailVerifiedAt: user.verifiedAt ?? now, updatedAt: now }).where(eq(users.id, claimed.userId));
    await endSessions(tx, claimed.userId);
    await tx.update(userDevices).set({ trustedUntil: null }).where(eq(userDevices.userId, claimed.userId));
    await recordSecurityEvent(tx, { userId: claimed.userId, email: user.email, action: "user.password_reset", origin: input.origin });
    return { email: user.email, locale: user.locale };
  });
  if (!done) throw fieldError("token", "This link has expired or was already used. Ask for a new one.");
  await forgetAttempts(backoffs.signInAccount, normalizeEmail(done.email));
  void queueAccountMail(done.email, done.locale, { kind: "password_changed", when: new Date() });
  return { email: done.email };
}
