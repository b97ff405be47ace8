import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { users } from "./users";

/** Ten single-use recovery codes per enrolment, stored as SHA-256 hashes (server/auth/two-factor.ts). */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);
