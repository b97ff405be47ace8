import { index, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";
import { MEMBER_ROLES } from "../../vocabulary";

export const memberRoleEnum = pgEnum("member_role", MEMBER_ROLES);
export type MemberRole = (typeof memberRoleEnum.enumValues)[number];

export const memberships = pgTable(
  "memberships",
  {
    userId: text("user_id").notNull().references(() => users.id),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    role: memberRoleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] }), index("memberships_merchant_idx").on(t.merchantId)],
);

export type Membership = typeof memberships.$inferSelect;
