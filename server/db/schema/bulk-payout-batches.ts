import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * One POST /api/v1/merchant/payouts/bulk (D16). The payouts it created point back here
 * (transactions.bulk_batch_id); `results` keeps every item in request order, either the
 * payout's id or the error it was refused with, so the batch view can be rebuilt with
 * the items' current statuses. The Idempotency-Key (unique per merchant and mode) is
 * claimed by inserting this row first, so a concurrent duplicate batch creates nothing;
 * `response` is the recorded answer it replays once the batch is complete.
 */
export const bulkPayoutBatches = pgTable(
  "bulk_payout_batches",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the canonical request body (with a key: another body is a 409); empty without a key. */
    requestHash: text("request_hash").notNull(),
    itemCount: integer("item_count").notNull(),
    acceptedCount: integer("accepted_count").notNull().default(0),
    rejectedCount: integer("rejected_count").notNull().default(0),
    /** Per item, in order: { index, order_id, transaction_id } or { index, order_id, error }. Null while processing. */
    results: jsonb("results"),
    /** The 200 body answered, replayed for the same Idempotency-Key. Null while processing. */
    response: jsonb("response"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bulk_payout_batches_idempotency_unique").on(t.merchantId, t.mode, t.idempotencyKey),
    index("bulk_payout_batches_merchant_created_idx").on(t.merchantId, t.mode, t.createdAt),
  ],
);

export type BulkPayoutBatch = typeof bulkPayoutBatches.$inferSelect;
