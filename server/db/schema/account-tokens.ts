import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { users } from "./users";

/**
 * Single-use, time-limited links sent by mail: email verification and password reset
 * (server/auth/account-tokens.ts). Only the token's SHA-256 hash is stored.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** verify_email | reset_password */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** verify_email: the address the link proves (a later email change makes it void). */
    email: text("email").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_tokens_hash_unique").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

export type AccountToken = typeof accountTokens.$inferSelect;
