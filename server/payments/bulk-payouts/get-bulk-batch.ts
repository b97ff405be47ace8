import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bulkPayoutBatches, transactions, type Mode } from "../../db/schema";
import { errors } from "../../errors";
import { transactionStatusView } from "../api-views";
import type { BulkBatchView } from "./bulk-views";
import type { StoredItem } from "./create-bulk-payouts";

export const batchNotFound = () => errors.notFound("Batch not found");

/**
 * GET /api/v1/merchant/payouts/bulk/{batch_id} (D16): the batch as answered, each
 * accepted item with its payout's current state (2.3), scoped by merchant and mode
 * (another merchant's batch, or a batch of the other mode: 404). A batch still being
 * created answers with the items written so far absent (total tells how many to expect).
 */
export async function getBulkBatch(db: DbOrTx, input: BatchInput): Promise<BulkBatchView> {
  return (await getBulkBatchWithRequests(db, input)).view;
}

type BatchInput = { merchantId: string; mode: Mode; batchId: string };

/**
 * The batch view and, per item (by index), the body it was sent with: the payout's
 * `request_metadata` for an accepted item, the recorded body for a refused one (null for
 * batches recorded before bodies were kept). The dashboard rebuilds the lines to send
 * again from it, so following a batch needs nothing but its id.
 */
export async function getBulkBatchWithRequests(db: DbOrTx, input: BatchInput): Promise<{ view: BulkBatchView; requests: unknown[] }> {
  const [batch] = await db
    .select()
    .from(bulkPayoutBatches)
    .where(and(eq(bulkPayoutBatches.id, input.batchId), eq(bulkPayoutBatches.merchantId, input.merchantId), eq(bulkPayoutBatches.mode, input.mode)))
    .limit(1);
  if (!batch) throw batchNotFound();
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.bulkBatchId, batch.id), eq(transactions.merchantId, input.merchantId), eq(transactions.mode, input.mode)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const statuses = { pending: 0, successful: 0, failed: 0, cancelled: 0 };
  for (const r of rows) statuses[r.status]++;
  const stored = (batch.results ?? []) as StoredItem[];
  const requests: unknown[] = [];
  const items: BulkBatchView["items"] = stored.map((item) => {
    if (!("transaction_id" in item)) {
      const { request, ...answered } = item;
      requests[item.index] = request ?? null;
      return answered;
    }
    const row = byId.get(item.transaction_id);
    if (!row) throw new Error(`batch ${batch.id}: payout ${item.transaction_id} missing`);
    requests[item.index] = row.requestMetadata ?? null;
    return { index: item.index, order_id: item.order_id, http_status: 200, status: "success", message: "Payout initiated", data: transactionStatusView(row) };
  });
  const view: BulkBatchView = {
    batch_id: batch.id,
    total: batch.itemCount,
    accepted: batch.acceptedCount,
    rejected: batch.rejectedCount,
    created_at: batch.createdAt.toISOString(),
    statuses,
    completed: batch.results !== null && statuses.pending === 0,
    items,
  };
  return { view, requests };
}
