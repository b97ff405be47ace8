import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, ts } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    name: text("name"),
    /** SHA-256 (hex) of the full key; the key itself is shown once and never stored. */
    keyHash: text("key_hash").notNull(),
    /** The first characters of the key, for lists: `sk_test_AbCd`. */
    displayPrefix: text("display_prefix").notNull(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_key_hash_unique").on(t.keyHash), index("api_keys_merchant_idx").on(t.merchantId, t.mode)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
