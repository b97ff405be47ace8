import { z } from "../../contracts/zod";
import { fieldErrorsSchema, insufficientBalanceDataSchema, amountLimitsDataSchema } from "../../contracts/envelope";
import { payoutCreatedSchema, transactionStatusSchema, transactionStatusViewSchema } from "../api-views";

/**
 * The bulk payout shapes (D16). Each item answers what the single payout endpoint would
 * have answered for that body, as an envelope (`status`, `message`, `data`) with its
 * position (`index`, from 0), its `order_id` and `http_status`: 200 with the created
 * payout (2.2), or the 422 / 400 / 503 error with its data.
 */
const errorItemData = z.union([fieldErrorsSchema, insufficientBalanceDataSchema, amountLimitsDataSchema, z.null()]);

const itemBase = {
  index: z.int().describe("Position in the request's `payouts`, from 0."),
  order_id: z.string().nullable(),
};

export const bulkErrorItemSchema = z.strictObject({
  ...itemBase,
  http_status: z.int().describe("What the single payout endpoint would have answered: 422, 400 or 503.").meta({ example: 422 }),
  status: z.literal("error"),
  message: z.string(),
  data: errorItemData,
});

export const bulkCreatedItemSchema = z.strictObject({
  ...itemBase,
  http_status: z.literal(200),
  status: z.literal("success"),
  message: z.literal("Payout initiated"),
  data: payoutCreatedSchema,
});

const counts = {
  batch_id: z.string().describe("`bat_…`: read the batch back with GET /api/v1/merchant/payouts/bulk/{batch_id}."),
  total: z.int(),
  accepted: z.int().describe("Payouts created (each reserved amount + fee from the wallet)."),
  rejected: z.int(),
  created_at: z.string(),
};

export const bulkBatchCreatedSchema = z
  .strictObject({ ...counts, items: z.array(z.union([bulkCreatedItemSchema, bulkErrorItemSchema])) })
  .openapi("BulkPayoutBatchCreated");

/** GET: the accepted items with their payout's current state (2.3), the rejected ones as answered. */
export const bulkItemStatusSchema = z.strictObject({
  ...itemBase,
  http_status: z.literal(200),
  status: z.literal("success"),
  message: z.literal("Payout initiated"),
  data: transactionStatusViewSchema,
});

export const bulkBatchSchema = z
  .strictObject({
    ...counts,
    statuses: z
      .strictObject({ pending: z.int(), successful: z.int(), failed: z.int(), cancelled: z.int() })
      .describe("How many of the accepted payouts are in each status now."),
    completed: z.boolean().describe("True when every accepted payout has reached a final status."),
    items: z.array(z.union([bulkItemStatusSchema, bulkErrorItemSchema])),
  })
  .openapi("BulkPayoutBatch");

export type BulkErrorItem = z.output<typeof bulkErrorItemSchema>;
export type BulkCreatedItem = z.output<typeof bulkCreatedItemSchema>;
export type BulkBatchCreated = z.output<typeof bulkBatchCreatedSchema>;
export type BulkBatchView = z.output<typeof bulkBatchSchema>;
export { transactionStatusSchema };
