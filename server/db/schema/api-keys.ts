import { index, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { API_KEY_SCOPES } from "../../vocabulary";
import { createdAt, modeEnum, ts } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

/** Issue 22: full, or read-only (reads, lists, statements). */
export const apiKeyScopeEnum = pgEnum("api_key_scope", API_KEY_SCOPES);

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
    /** Issue 22: what the key may do; fixed at creation (a new key for other rights). */
    scope: apiKeyScopeEnum("scope").notNull().default("full"),
    /** Issue 22: CIDRs the key is accepted from (IPv4/IPv6); null: any address. */
    allowedIps: text("allowed_ips").array(),
  },
  (t) => [uniqueIndex("api_keys_key_hash_unique").on(t.keyHash), index("api_keys_merchant_idx").on(t.merchantId, t.mode)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
