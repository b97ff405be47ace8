import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum } from "./columns";
import { merchants } from "./merchants";

/**
 * `Idempotency-Key` records (D12). The row is inserted in the same database transaction
 * as the payment it creates, so a replay finds either nothing or the full response.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    /** `payin` or `payout`: one key space per endpoint. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.scope, t.key] })],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
