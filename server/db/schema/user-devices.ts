import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { users } from "./users";

/**
 * Browsers a user has signed in from (server/auth/devices.ts): the httpOnly device cookie
 * carries a random token whose SHA-256 hash is stored here. A sign-in from a browser not
 * listed gets a notice mail; `trustedUntil` ("remember this device for 30 days") skips the
 * two-factor code until then.
 */
export const userDevices = pgTable(
  "user_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    trustedUntil: ts("trusted_until"),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_devices_user_token_unique").on(t.userId, t.tokenHash), index("user_devices_user_idx").on(t.userId)],
);
