import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { findUserByEmail, normalizeEmail } from "./users";
import { logger } from "../logger";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { assertNotThrottled, clearAttempts, countAttempt, limits } from "./throttle";

/**
 * The dashboard's password check (next-auth's authorize calls it). An unknown email and
 * a wrong password get the same answer (null) after the same work (one scrypt at today's
 * cost). Failures count per account and per client address on the shared store; once
 * either is spent the attempt is refused with 429 before any password is checked. A hash
 * made at an older, lower cost is replaced on a successful sign-in.
 */
export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
  isOperator: boolean;
  sessionVersion: number;
}

export async function checkCredentials(db: DbOrTx, input: { email: string; password: string; address: string }): Promise<SignedInUser | null> {
  const email = normalizeEmail(input.email);
  const checks: Parameters<typeof assertNotThrottled>[0] = [
    [limits.signInAccount, email],
    [limits.signInAddress, input.address],
  ];
  await assertNotThrottled(checks);
  const user = email && input.password.length <= 1024 ? await findUserByEmail(db, email) : undefined;
  let ok = false;
  if (user) ok = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password.slice(0, 1024));
  if (!user || !ok) {
    await countAttempt(checks);
    logger().info({ event: "sign_in_failed" }, "dashboard sign-in refused");
    return null;
  }
  await clearAttempts(limits.signInAccount, email);
  const set: Partial<typeof users.$inferInsert> = { lastSignInAt: new Date() };
  if (needsRehash(user.passwordHash)) set.passwordHash = await hashPassword(input.password);
  await db.update(users).set(set).where(eq(users.id, user.id));
  return { id: user.id, email: user.email, name: user.name, isOperator: user.isOperator, sessionVersion: user.sessionVersion };
}
