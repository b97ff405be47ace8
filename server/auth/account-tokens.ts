import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { accountTokens } from "../db/schema";
import { newId } from "../ids";

/**
 * The links mailed for email verification and password reset: 32 random bytes in the
 * link, only their SHA-256 in the database (a database leak hands out no working link),
 * a deadline, and single use (the claim is one UPDATE … WHERE used_at IS NULL, so two
 * clicks racing each other cannot both succeed). A new link voids the previous ones.
 */
export type TokenPurpose = "verify_email" | "reset_password";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 3600_000,
  reset_password: 3600_000,
};

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export async function issueAccountToken(db: DbOrTx, input: { userId: string; email: string; purpose: TokenPurpose }): Promise<string> {
  const now = new Date();
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt)));
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    id: newId("accountToken"),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

/** Claims a link: the row (now used) or null when unknown, expired or already used. */
export async function claimAccountToken(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<{ userId: string; email: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Whether a link is still good (the reset page asks before showing its form); does not use it. */
export async function accountTokenUsable(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<boolean> {
  if (token.length < 20 || token.length > 200) return false;
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}
