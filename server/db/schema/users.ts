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
    /** Set when the user opened the verification link (or an admin made the account); null: test mode only. */
    emailVerifiedAt: ts("email_verified_at"),
    /** The TOTP secret (base32), sealed with SECRETS_KEY (server/auth/secret-box.ts); set at enrolment start. */
    twoFactorSecret: text("two_factor_secret"),
    /** Set once the first code was confirmed: from then on sign-in asks for a code. */
    twoFactorEnabledAt: ts("two_factor_enabled_at"),
    /** The TOTP time step last accepted: a code is good once, even within its 30 s window. */
    twoFactorLastStep: integer("two_factor_last_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
