import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { findUserByEmail, normalizeEmail } from "./users";
import { logger } from "../logger";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { backoffs, consumeAttempts } from "./throttle";

/**
 * The dashboard's password check (next-auth's authorize calls it). An unknown email and
 * a wrong password get the same answer (null) after the same work (one scrypt at today's
 * cost). Every attempt counts per account and per client address on the shared store
 * before any password is checked, with a progressive backoff past the free ones
 * (throttle.ts). A hash made at an older, lower cost is replaced on a successful sign-in.
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
  // Counted before the password is looked at (issue 19 §3): concurrent guesses queue at the gate.
  const attempt = await consumeAttempts([
    [backoffs.signInAccount, email],
    [backoffs.signInAddress, input.address],
  ]);
  const user = email && input.password.length <= 1024 ? await findUserByEmail(db, email) : undefined;
  let ok = false;
  if (user) ok = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password.slice(0, 1024));
  if (!user || !ok) {
    await attempt.failed();
    logger().info({ event: "sign_in_failed" }, "dashboard sign-in refused");
    return null;
  }
  await attempt.succeeded();
  const set: Partial<typeof users.$inferInsert> = { lastSignInAt: new Date() };
  if (needsRehash(user.passwordHash)) set.passwordHash = await hashPassword(input.password);
  await db.update(users).set(set).where(eq(users.id, user.id));
  return { id: user.id, email: user.email, name: user.name, isOperator: user.isOperator, sessionVersion: user.sessionVersion };
}
