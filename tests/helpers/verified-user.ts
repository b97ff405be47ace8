import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { loadUser, type SessionUser } from "@/server/auth/session";

/**
 * The signed-up or invited person with this email, as a dashboard session sees them, having
 * opened the verification link (issue 22: unverified people cannot go live or invite; that
 * flow itself is tested in accounts-email.test.ts).
 */
export async function verifiedUserByEmail(db: Database, email: string): Promise<SessionUser> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.id));
  return (await loadUser(db, row.id))!;
}
