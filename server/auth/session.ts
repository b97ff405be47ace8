import { getServerSession } from "next-auth";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships, merchants, users, type MemberRole } from "../db/schema";
import { authOptions } from "./next-auth";

/**
 * The signed-in dashboard user, read from the session cookie and then from the
 * database (a deleted user or a revoked operator flag takes effect at once, whatever
 * the cookie still says). Null when nobody is signed in.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  isOperator: boolean;
  locale: string | null;
}

export async function loadUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, isOperator: users.isOperator, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Works in server components, route handlers and server actions (reads next/headers). */
export async function getSessionUser(db: DbOrTx): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  return id ? loadUser(db, id) : null;
}

export interface MembershipView {
  merchantId: string;
  merchantName: string;
  role: MemberRole;
  kycStatus: "unverified" | "pending" | "approved" | "rejected";
}

export async function listMemberships(db: DbOrTx, userId: string): Promise<MembershipView[]> {
  return db
    .select({ merchantId: memberships.merchantId, merchantName: merchants.name, role: memberships.role, kycStatus: merchants.kycStatus })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export const ROLE_RANK: Record<MemberRole, number> = { viewer: 1, developer: 2, owner: 3 };

export function roleAtLeast(role: MemberRole, wanted: MemberRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[wanted];
}
