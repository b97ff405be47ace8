import crypto from "node:crypto";
import { z } from "../../zod";
import { createBulkPayoutsOnce } from "../../payments/bulk-payouts/create-bulk-payouts";
import { getBulkBatchWithRequests } from "../../payments/bulk-payouts/get-bulk-batch";
import { DASHBOARD_KEY_PREFIX, listBulkBatches } from "../../payments/bulk-payouts/list-bulk-batches";
import type { BulkBatchCreated, BulkBatchView } from "../../payments/bulk-payouts/bulk-views";
import { toMinor } from "../../money";
import { modeProcedure, router } from "../init";
import { money, moneyText } from "../schemas";
import { transactionStatusSchema } from "../dashboard-views";
import { recordAfter } from "../../audit/actors";
import { dashboardRequester } from "../../payments/approvals/requesters";
import { batchAwaitingApproval } from "../../payments/approvals/list";
import { auditScope } from "../audit";
import { bulkRow, bulkRows, payoutBodyToRow, rowToPayoutBody, toColumns, validateRows, type BulkRow } from "../bulk-rows";

const rowCheck = z.object({ line: z.number().int(), ok: z.boolean(), errors: z.record(z.string(), z.array(z.string())) });
/**
 * Why an item was refused, as data the page words in its language: `invalid` (422, the
 * messages per CSV column), `balance` (required / available / currency), `limits`
 * (min / max / currency), `network` (503); `other` shows the API's `message`.
 */
const itemError = z.object({
  kind: z.enum(["invalid", "balance", "limits", "network", "other"]),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())),
  values: z.record(z.string(), z.string()),
});
const batchItem = z.object({
  line: z.number().int(),
  transactionId: z.string().nullable(),
  status: transactionStatusSchema.nullable(),
  amount: moneyText.nullable(),
  currency: z.string().nullable(),
  orderId: z.string().nullable(),
  error: itemError.nullable(),
  /** The CSV line the item was sent from, to send it again (null if it cannot be rebuilt). */
  row: bulkRow.nullable(),
});
const batchView = z.object({ batchId: z.string(), createdAt: z.date().nullable(), items: z.array(batchItem), awaitingApproval: z.boolean() });

type ServiceItem = BulkBatchCreated["items"][number] | BulkBatchView["items"][number];
type ErrorItem = Extract<ServiceItem, { status: "error" }>;

function errorView(item: ErrorItem): z.infer<typeof itemError> {
  const data = (item.data ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => String(v ?? "");
  if (item.http_status === 422) {
    const fields = item.data && !("currency" in data) ? toColumns(item.data as Record<string, string[]>) : {};
    return { kind: "invalid", message: item.message, fields, values: {} };
  }
  if (item.http_status === 503) return { kind: "network", message: item.message, fields: {}, values: {} };
  if ("available_balance" in data) {
    return { kind: "balance", message: item.message, fields: {}, values: { required: str(data.required_amount), available: str(data.available_balance), currency: str(data.currency) } };
  }
  if ("min_amount" in data) {
    return { kind: "limits", message: item.message, fields: {}, values: { min: str(data.min_amount), max: str(data.max_amount), currency: str(data.currency) } };
  }
  return { kind: "other", message: item.message, fields: {}, values: {} };
}

/** One item of the service's answer (created, or refused with its error), as a row of the page. */
function itemView(item: ServiceItem, row: BulkRow | null): z.infer<typeof batchItem> {
  if (item.status === "error") {
    return { line: item.index + 1, transactionId: null, status: null, amount: null, currency: row?.currency.trim().toUpperCase() || null, orderId: item.order_id, error: errorView(item), row };
  }
  return {
    line: item.index + 1,
    transactionId: item.data.transaction_id,
    status: item.data.status,
    amount: money(toMinor(item.data.amount) ?? 0n),
    currency: item.data.currency,
    orderId: item.order_id,
    error: null,
    row,
  };
}

/**
 * Bulk payouts from a CSV (D16): `validate` checks each line with the payout schema before
 * anything moves, `send` creates the batch (owners and developers), `get` follows it (any
 * member, with each item's CSV line). Retrying failed lines is a new `send` of those lines.
 */
export const bulkPayoutsRouter = router({
  validate: modeProcedure("developer")
    .input(z.object({ rows: bulkRows }))
    .output(z.array(rowCheck))
    .mutation(({ input }) => validateRows(input.rows)),

  send: modeProcedure("developer")
    .input(
      z.object({
        rows: bulkRows,
        /** The page's key for these lines (use-send-batch.ts): the same lines sent again replay the batch, never pay twice. */
        idempotencyKey: z.string().min(8).max(100).optional(),
      }),
    )
    .output(batchView)
    .mutation(async ({ ctx, input }) => {
      const { data: result, replayed } = await createBulkPayoutsOnce(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        items: input.rows.map(rowToPayoutBody),
        // dash_ marks the batch as the dashboard's in the history (list-bulk-batches.ts).
        idempotencyKey: `${DASHBOARD_KEY_PREFIX}${ctx.user.id}:${input.idempotencyKey ?? crypto.randomUUID()}`,
        requester: dashboardRequester(ctx.user),
      });
      const awaitingApproval = await batchAwaitingApproval(ctx.db, { merchantId: ctx.merchantId, batchId: result.batch_id });
      if (!replayed) await recordAfter(ctx.db, auditScope(ctx), {
        merchantId: ctx.merchantId,
        mode: input.mode,
        action: awaitingApproval ? "bulk_payout.held_for_approval" : "bulk_payout.created",
        target: { type: "bulk_payout_batch", id: result.batch_id },
        after: { total: result.total, accepted: result.accepted, rejected: result.rejected },
      });
      return {
        batchId: result.batch_id,
        createdAt: new Date(result.created_at),
        items: result.items.map((item) => itemView(item, input.rows[item.index] ?? null)),
        awaitingApproval,
      };
    }),

  /** The latest batches, dashboard and API alike, for the bulk page's history. */
  list: modeProcedure("viewer")
    .input(z.object({ limit: z.number().int().min(1).max(50).default(20) }))
    .output(
      z.array(
        z.object({
          id: z.string(),
          createdAt: z.date(),
          total: z.number(),
          accepted: z.number(),
          rejected: z.number(),
          source: z.enum(["dashboard", "api"]),
          statuses: z.record(transactionStatusSchema, z.number()),
        }),
      ),
    )
    .query(({ ctx, input }) => listBulkBatches(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, limit: input.limit })),

  get: modeProcedure("viewer")
    .input(z.object({ batchId: z.string().trim().min(1).max(64) }))
    .output(batchView)
    .query(async ({ ctx, input }) => {
      const { view, requests } = await getBulkBatchWithRequests(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, batchId: input.batchId });
      return {
        batchId: view.batch_id,
        createdAt: new Date(view.created_at),
        items: view.items.map((item) => itemView(item, payoutBodyToRow(requests[item.index]))),
        awaitingApproval: await batchAwaitingApproval(ctx.db, { merchantId: ctx.merchantId, batchId: input.batchId }),
      };
    }),
});
