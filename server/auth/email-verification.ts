import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../errors";
import type { AuditOrigin } from "../audit/record";
import { queueAccountMail } from "../mail/account-mail";
import { publicBaseUrl } from "../mail/templates";
import { claimAccountToken, issueAccountToken } from "./account-tokens";
import { accountLimits } from "./account-limits";
import { consumeOrThrow } from "./throttle";
import { recordSecurityEvent } from "./security-audit";

/**
 * Email verification (issue 22). A new sign-up starts unverified: test mode works, but
 * live mode, inviting people and becoming an operator wait for the link mailed at sign-up
 * (48 hours, single use, hashed; "send it again" voids the previous one).
 */
export async function sendVerificationEmail(db: DbOrTx, user: { id: string; email: string; locale: string | null }): Promise<void> {
  const token = await issueAccountToken(db, { userId: user.id, email: user.email, purpose: "verify_email" });
  void queueAccountMail(user.email, user.locale, { kind: "verify_email", link: `${publicBaseUrl()}/verify-email?token=${token}` });
}

/** "Send the link again" from the dashboard banner: 5 an hour per account. */
export async function resendVerificationEmail(db: DbOrTx, userId: string): Promise<{ alreadyVerified: boolean }> {
  const [user] = await db.select({ id: users.id, email: users.email, locale: users.locale, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("unauthenticated", "Please sign in again.");
  if (user.verifiedAt) return { alreadyVerified: true };
  await consumeOrThrow(accountLimits.verificationResend, userId);
  await sendVerificationEmail(db, user);
  return { alreadyVerified: false };
}

/**
 * Opens a verification link. Refused (false) when unknown, expired, used, or made for an
 * address the account no longer has.
 */
export async function verifyEmail(db: DbOrTx, input: { token: string; address: string; origin?: AuditOrigin }): Promise<{ verified: boolean }> {
  await consumeOrThrow(accountLimits.linkAddress, input.address);
  return db.transaction(async (tx) => {
    const claimed = await claimAccountToken(tx, input.token, "verify_email");
    if (!claimed) return { verified: false };
    const [user] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, claimed.userId));
    if (!user || user.email.toLowerCase() !== claimed.email.toLowerCase()) return { verified: false };
    if (!user.verifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, claimed.userId));
      await recordSecurityEvent(tx, { userId: claimed.userId, email: user.email, action: "user.email_verified", origin: input.origin });
    }
    return { verified: true };
  });
}

/** Live mode, invitations and the operator flag need a verified address. */
export function assertEmailVerified(user: { emailVerified: boolean }, what: string): void {
  if (!user.emailVerified) {
    throw new AppError("email_unverified", `Confirm your email address first (${what}): open the link we mailed you, or send it again from the dashboard.`);
  }
}
