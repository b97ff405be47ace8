import { z } from "../../contracts/zod";
import { errors } from "../../errors";
import { examples } from "../../contracts/examples";
import { defineOperation, idempotencyConflictError, idempotencyHeader, replayedHeader } from "../../contracts/operation";
import { bulkBatchCreatedSchema, bulkBatchSchema } from "./bulk-views";
import { bulkErrors, MAX_BULK_ITEMS } from "./create-bulk-payouts";
import { batchNotFound } from "./get-bulk-batch";

export const bulkPayoutBody = z.object({
  payouts: z
    .array(z.unknown().meta({ description: "A payout body as for POST /api/v1/merchant/payout, with its own `order_id` (required, unique in the batch)." }))
    .min(1)
    .max(MAX_BULK_ITEMS)
    .describe(`1 to ${MAX_BULK_ITEMS} payout bodies, each validated on its own.`),
});

export const batchIdParams = z.object({ batch_id: z.string().min(1).max(100) });

const invalidItem = {
  index: 2,
  order_id: "salary-2026-03-003",
  http_status: 422,
  status: "error",
  message: "Validation failed",
  data: { "metadata.phone_number": ["The metadata.phone_number field must be a valid phone number for SN."] },
};
const createdItem = (index: number) => ({
  index,
  order_id: `salary-2026-03-00${index + 1}`,
  http_status: 200,
  status: "success",
  message: "Payout initiated",
  data: { ...examples.payoutCreated, order_id: `salary-2026-03-00${index + 1}` },
});
const created = "2026-03-02T10:15:00.000Z";

/** POST /api/v1/merchant/payouts/bulk (D16): served by createBulkPayoutsOnce. */
export const createBulkPayoutsContract = defineOperation({
  path: "/api/v1/merchant/payouts/bulk",
  method: "POST",
  request: { auth: "merchant", body: bulkPayoutBody },
  operationId: "createBulkPayouts",
  tag: "Payments",
  summary: "Create payouts in bulk",
  description:
    "Up to 1,000 payouts in one request. Each item is checked on its own exactly as POST /api/v1/merchant/payout checks a body, and must carry an `order_id` unique in the batch. The answer (200) lists, in request order, each item's outcome as the single endpoint would have answered it: the created payout (as POST /api/v1/merchant/payout answers it) or its 422 / 400 / 503 error. Accepted items reserve `amount + fee` from the wallet in request order while the balance covers them. Each payout has its own webhooks. With Idempotency-Key the whole batch replays.",
  requestExample: { payouts: [examples.payoutRequest] },
  headers: idempotencyHeader,
  success: {
    description: "Every item's outcome, in order",
    schema: bulkBatchCreatedSchema,
    example: { batch_id: "bat_01JZ3KH0X2Z4B6D8F0H2K4M6P8", total: 3, accepted: 2, rejected: 1, created_at: created, items: [createdItem(0), createdItem(1), invalidItem] },
    message: "Bulk payout processed",
    headers: replayedHeader,
  },
  errors: [
    idempotencyConflictError,
    { key: "bulk_in_progress", summary: "The same Idempotency-Key is held by a batch still being processed", error: bulkErrors.inProgress() },
    { key: "kyc_required", summary: "Live mode while the merchant's KYC is not approved", error: errors.kycRequired() },
  ],
});

/** GET /api/v1/merchant/payouts/bulk/{batch_id} (D16): served by getBulkBatch. */
export const getBulkBatchContract = defineOperation({
  path: "/api/v1/merchant/payouts/bulk/{batch_id}",
  method: "GET",
  request: { auth: "merchant", params: batchIdParams },
  operationId: "getBulkPayoutBatch",
  tag: "Transactions",
  summary: "Read a bulk payout batch",
  description: "The batch and, for each accepted item, its payout's current state (as the status endpoint shows it); rejected items as they were answered.",
  success: {
    description: "The batch",
    schema: bulkBatchSchema,
    example: {
      batch_id: "bat_01JZ3KH0X2Z4B6D8F0H2K4M6P8",
      total: 2,
      accepted: 1,
      rejected: 1,
      created_at: created,
      statuses: { pending: 0, successful: 1, failed: 0, cancelled: 0 },
      completed: true,
      items: [
        { index: 0, order_id: "salary-2026-03-001", http_status: 200, status: "success", message: "Payout initiated", data: { ...examples.transactionStatus, order_id: "salary-2026-03-001" } },
        { ...invalidItem, index: 1 },
      ],
    },
    message: "Bulk payout batch retrieved",
  },
  errors: [{ key: "batch_not_found", summary: "No such batch for this merchant and mode", error: batchNotFound() }],
});
