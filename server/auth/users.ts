import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";

/** Emails are compared trimmed and lower-cased (sign-in, sign-up, invitations). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Sign-in's credentials reach this from next-auth's form as typed, past any validation:
 * an email holding a NUL (PostgreSQL text cannot hold one) failed the query, and the
 * form's POST failed with it. No stored address holds one, so it names nobody.
 */
export async function findUserByEmail(db: DbOrTx, email: string) {
  if (email.includes("\u0000")) return undefined;
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`).limit(1);
  return row;
}
