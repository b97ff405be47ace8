import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";

/** Emails are compared trimmed and lower-cased (sign-in, sign-up, invitations). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`).limit(1);
  return row;
}
