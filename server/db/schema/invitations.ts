import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { memberRoleEnum } from "./memberships";
import { merchants } from "./merchants";
import { users } from "./users";

/** Team invitations; the link carries a token whose SHA-256 hash is stored here. */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    email: text("email").notNull(),
    role: memberRoleEnum("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_token_hash_unique").on(t.tokenHash), index("invitations_merchant_idx").on(t.merchantId)],
);

export type Invitation = typeof invitations.$inferSelect;
