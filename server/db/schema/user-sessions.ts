import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { users } from "./users";

/**
 * Dashboard sessions, server-side (issue 19 §6). The session cookie (next-auth JWT) carries
 * only this row's id: signing out, "end this session" in Settings, the idle timeout and a
 * users.session_version bump (password change, team removal) end it here, whatever the
 * cookie still says.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As the browser sent it at sign-in, cut to 400 characters. */
    userAgent: text("user_agent"),
    /** The client address at sign-in and last seen (server/auth/client-address.ts). */
    address: text("address"),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    endedAt: ts("ended_at"),
    /** signed_out | ended_by_user | idle | password_changed… (why it ended, for the audit trail). */
    endedReason: text("ended_reason"),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId, t.lastSeenAt)],
);

export type UserSession = typeof userSessions.$inferSelect;
