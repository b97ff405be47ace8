import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { AppError, fieldError } from "../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { backoffs, consumeAttempts } from "./throttle";
import { endSessions } from "./session";
import { recordSecurityEvent } from "./security-audit";
import { queueAccountMail } from "../mail/account-mail";

/**
 * A signed-in user's password change. The current password is required (a session left
 * open on a shared computer must not be enough), wrong guesses count against the same
 * per-account limit as sign-in, and every session issued before ends (D14).
 */
export async function changePassword(
  db: DbOrTx,
  input: { userId: string; email: string; address: string; userAgent?: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const attempt = await consumeAttempts([
    [backoffs.signInAccount, input.email.toLowerCase()],
    [backoffs.signInAddress, input.address],
  ]);
  const [user] = await db.select({ passwordHash: users.passwordHash, locale: users.locale }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new AppError("unauthenticated", "Please sign in again.");
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await attempt.failed();
    throw fieldError("currentPassword", "The current password is not correct.");
  }
  await attempt.succeeded();
  if (input.newPassword.length < 8) throw fieldError("newPassword", "Use at least 8 characters.");
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, input.userId));
  await endSessions(db, input.userId);
  // Issue 22: audited, and the owner of the address hears of it.
  await recordSecurityEvent(db, { userId: input.userId, email: input.email, action: "user.password_changed", origin: { ip: input.address, userAgent: input.userAgent } });
  void queueAccountMail(input.email, user.locale, { kind: "password_changed", when: new Date() });
}
