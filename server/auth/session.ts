import { getServerSession } from "next-auth";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships, merchants, users, type MemberRole } from "../db/schema";
import { headers } from "next/headers";
import { authOptions } from "./next-auth";
import { clientAddress } from "./client-address";
import { touchSession } from "./user-sessions";

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
  /** The server-side session (user_sessions.id) the request came with, when it came from a browser. */
  sessionId?: string;
  /** Live mode, invitations and the operator flag wait for it (issue 22). */
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/**
 * The user behind a session. With `sessionVersion` (the cookie's), a cookie issued before
 * the user's last password change or team removal no longer counts (null).
 */
export async function loadUser(db: DbOrTx, userId: string, sessionVersion?: number): Promise<SessionUser | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, isOperator: users.isOperator, locale: users.locale, sessionVersion: users.sessionVersion, emailVerifiedAt: users.emailVerifiedAt, twoFactorEnabledAt: users.twoFactorEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if (sessionVersion !== undefined && row.sessionVersion !== sessionVersion) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isOperator: row.isOperator,
    locale: row.locale,
    emailVerified: Boolean(row.emailVerifiedAt),
    twoFactorEnabled: Boolean(row.twoFactorEnabledAt),
  };
}

/** Ends every session of the user issued so far (password change, removal from a team): user-sessions.ts. */
export { endSessions } from "./user-sessions";

/**
 * Works in server components, route handlers and server actions (reads next/headers). The
 * cookie must name a live server-side session (user-sessions.ts): signed out, ended from
 * Settings, idle past SESSION_IDLE_TIMEOUT_MINUTES or issued before a session_version bump
 * means nobody is signed in.
 */
export async function getSessionUser(db: DbOrTx): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  const sessionId = session?.user?.sessionId;
  if (!id || !sessionId) return null;
  const user = await loadUser(db, id, session.user.sessionVersion ?? 1);
  if (!user) return null;
  const address = clientAddress(await headers());
  if (!(await touchSession(db, { sessionId, userId: id, address }))) return null;
  return { ...user, sessionId };
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

/** Why requireMember said no: not a member (D4: the merchant does not exist for you), or a role too low. */
export class MembershipDenied extends Error {
  constructor(
    readonly reason: "not_found" | "forbidden",
    message: string,
  ) {
    super(message);
    this.name = "MembershipDenied";
  }
}

/**
 * The one membership check of the dashboard tiers (tRPC procedures and the CSV export):
 * the user's role on the merchant, looked up on every call, or MembershipDenied.
 */
export async function requireMember(db: DbOrTx, input: { userId: string; merchantId: string; minRole?: MemberRole }): Promise<MemberRole> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, input.userId), eq(memberships.merchantId, input.merchantId)))
    .limit(1);
  if (!row) throw new MembershipDenied("not_found", "Merchant not found");
  const minRole = input.minRole ?? "viewer";
  if (!roleAtLeast(row.role, minRole)) {
    throw new MembershipDenied("forbidden", `This needs the ${minRole} role or higher; yours is ${row.role}.`);
  }
  return row.role;
}

export const ROLE_RANK: Record<MemberRole, number> = { viewer: 1, developer: 2, owner: 3 };

export function roleAtLeast(role: MemberRole, wanted: MemberRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[wanted];
}
