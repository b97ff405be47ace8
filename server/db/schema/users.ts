import { boolean, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, ts, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lowercased; unique. */
    email: text("email").notNull(),
    name: text("name"),
    /** scrypt hash in PHC-like form (server/auth/passwords.ts). */
    passwordHash: text("password_hash").notNull(),
    /** Operators run the console (KYC review, credits, fees); created by the admin CLI only. */
    isOperator: boolean("is_operator").notNull().default(false),
    locale: text("locale"),
    /**
     * Bumped when the password changes or the user is removed from a team: session
     * cookies carry the version they were issued under and stop working once it moves.
     */
    sessionVersion: integer("session_version").notNull().default(1),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
