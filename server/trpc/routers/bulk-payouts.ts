import crypto from "node:crypto";
import { z } from "../../zod";
import { createBulkPayouts } from "../../payments/bulk-payouts/create-bulk-payouts";
import { getBulkBatch } from "../../payments/bulk-payouts/get-bulk-batch";
import type { BulkBatchCreated, BulkBatchView } from "../../payments/bulk-payouts/bulk-views";
import { toMinor } from "../../money";
import { modeProcedure, router } from "../init";
import { money, moneyText } from "../schemas";
import { transactionStatusSchema } from "../dashboard-views";
import { bulkRows, rowToPayoutBody, validateRows } from "../bulk-rows";

const rowCheck = z.object({ line: z.number().int(), ok: z.boolean(), errors: z.record(z.string(), z.array(z.string())) });
const batchItem = z.object({
  line: z.number().int(),
  transactionId: z.string().nullable(),
  status: transactionStatusSchema.nullable(),
  amount: moneyText.nullable(),
  orderId: z.string().nullable(),
  error: z.string().nullable(),
});
const batchView = z.object({ batchId: z.string(), createdAt: z.date().nullable(), items: z.array(batchItem) });

type ServiceItem = BulkBatchCreated["items"][number] | BulkBatchView["items"][number];

/** One item of the service's answer (created, or refused with its error), as a row of the page. */
function itemView(item: ServiceItem): z.infer<typeof batchItem> {
  if (item.status === "error") {
    const fields = item.data && typeof item.data === "object" && !("currency" in item.data) ? Object.values(item.data as Record<string, string[]>).flat() : [];
    return { line: item.index + 1, transactionId: null, status: null, amount: null, orderId: item.order_id, error: [item.message, ...fields].join(" ") };
  }
  return {
    line: item.index + 1,
    transactionId: item.data.transaction_id,
    status: item.data.status,
    amount: money(toMinor(item.data.amount) ?? 0n),
    orderId: item.order_id,
    error: null,
  };
}

/**
 * Bulk payouts from a CSV (D16): `validate` checks each line with the payout schema before
 * anything moves, `send` creates the batch (owners and developers), `get` follows it (any
 * member). Retrying failed lines is a new `send` of those lines.
 */
export const bulkPayoutsRouter = router({
  validate: modeProcedure("developer")
    .input(z.object({ rows: bulkRows }))
    .output(z.array(rowCheck))
    .mutation(({ input }) => validateRows(input.rows)),

  send: modeProcedure("developer")
    .input(z.object({ rows: bulkRows, idempotencyKey: z.string().min(8).max(255).optional() }))
    .output(batchView)
    .mutation(async ({ ctx, input }) => {
      const result = await createBulkPayouts(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        items: input.rows.map(rowToPayoutBody),
        idempotencyKey: input.idempotencyKey ?? `dash_${crypto.randomUUID()}`,
      });
      return { batchId: result.batch_id, createdAt: new Date(result.created_at), items: result.items.map(itemView) };
    }),

  get: modeProcedure("viewer")
    .input(z.object({ batchId: z.string().trim().min(1).max(64) }))
    .output(batchView)
    .query(async ({ ctx, input }) => {
      const batch = await getBulkBatch(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, batchId: input.batchId });
      return { batchId: batch.batch_id, createdAt: new Date(batch.created_at), items: batch.items.map(itemView) };
    }),
});
