import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users, userSessions } from "../db/schema";
import { env } from "../env";
import { newId } from "../ids";

/**
 * Server-side dashboard sessions (issue 19 §6). The cookie names a row; the row decides:
 * sign-out, "end session" in Settings, the idle timeout (SESSION_IDLE_TIMEOUT_MINUTES) and
 * `endSessions` (password change, team removal, issue 22's reset: users.session_version
 * moves AND every row ends) all take effect at the next request, whatever the cookie says.
 * last_seen_at moves at most once a minute per session, so a busy tab is not a write per call.
 */
const TOUCH_EVERY_MS = 60_000;

export type SessionEndReason = "signed_out" | "ended_by_user" | "idle" | "all_ended";

export function idleTimeoutMs(): number {
  return env().SESSION_IDLE_TIMEOUT_MINUTES * 60_000;
}

export async function startSession(db: DbOrTx, input: { userId: string; userAgent?: string | null; address?: string | null }): Promise<string> {
  const id = newId("userSession");
  await db.insert(userSessions).values({ id, userId: input.userId, userAgent: input.userAgent?.slice(0, 400) ?? null, address: input.address?.slice(0, 64) ?? null });
  return id;
}

/**
 * Whether the session is alive for this user; moves last_seen_at (and the address) when it
 * is older than a minute. A session idle past the timeout is ended here.
 */
export async function touchSession(db: DbOrTx, input: { sessionId: string; userId: string; address?: string | null; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select({ lastSeenAt: userSessions.lastSeenAt, endedAt: userSessions.endedAt, address: userSessions.address })
    .from(userSessions)
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)))
    .limit(1);
  if (!row || row.endedAt) return false;
  if (now.getTime() - row.lastSeenAt.getTime() > idleTimeoutMs()) {
    await endSession(db, { sessionId: input.sessionId, userId: input.userId, reason: "idle" });
    return false;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS || (input.address && input.address !== row.address)) {
    await db
      .update(userSessions)
      .set({ lastSeenAt: now, address: input.address?.slice(0, 64) ?? row.address })
      .where(and(eq(userSessions.id, input.sessionId), isNull(userSessions.endedAt)));
  }
  return true;
}

/** Ends one session of the user; false when it was not theirs or had ended already. */
export async function endSession(db: DbOrTx, input: { sessionId: string; userId: string; reason: SessionEndReason }): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: new Date(), endedReason: input.reason })
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

/** Every open session of the user but `keep` (Settings, "Sign out other sessions"). */
export async function endOtherSessions(db: DbOrTx, input: { userId: string; keep: string }): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: new Date(), endedReason: "ended_by_user" })
    .where(and(eq(userSessions.userId, input.userId), ne(userSessions.id, input.keep), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return rows.length;
}

/**
 * Ends every session of the user issued so far (password change, removal from a team, a
 * takeover by the admin CLI): users.session_version moves (cookies carry the version they
 * were issued under) and every open row ends. Returns the new version.
 */
export async function endSessions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  await db.update(userSessions).set({ endedAt: new Date(), endedReason: "all_ended" }).where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)));
  return row?.sessionVersion ?? 0;
}

export interface SessionView {
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The user's open sessions, most recent first (idle ones past the timeout are left out). */
export async function listSessions(db: DbOrTx, input: { userId: string; currentId: string | null; now?: Date }): Promise<SessionView[]> {
  const since = new Date((input.now ?? new Date()).getTime() - idleTimeoutMs());
  const rows = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, input.userId), isNull(userSessions.endedAt), or(gt(userSessions.lastSeenAt, since), eq(userSessions.id, input.currentId ?? ""))))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(50);
  return rows.map((r) => ({ id: r.id, userAgent: r.userAgent, address: r.address, createdAt: r.createdAt, lastSeenAt: r.lastSeenAt, current: r.id === input.currentId }));
}
