import { z } from "../contracts/zod";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "./api-views";
import { TRANSACTION_STATUSES } from "../vocabulary";

/** Query strings arrive as text: integers and dates are checked as text, then converted. */
const isoDateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "must be a valid ISO 8601 date or date-time.",
  });

export const listTransactionsQuery = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  type: z.enum(["payin", "payout", "refund", "cashin", "cashout"]).optional(),
  order_id: z.string().min(1).max(255).optional(),
  country_code: z.string().min(2).max(2).optional(),
  network: z.string().min(1).max(50).optional(),
  created_from: isoDateTime.optional().describe("Inclusive. A date alone means the start of that day (UTC)."),
  created_to: isoDateTime.optional().describe("Inclusive. A date alone means the whole of that day (UTC)."),
  q: z.string().min(1).max(255).optional().describe("Searches transaction id, order_id and phone number."),
  limit: z
    .string()
    .optional()
    .default("20")
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { message: "The limit field must be an integer between 1 and 100." }),
  cursor: z.string().min(1).max(200).optional().describe("`next_cursor` of the previous page."),
});

/** GET /api/v1/merchant/transactions: newest first, cursor pagination (D12). */
export const transactionListSchema = z.strictObject({
  data: z.array(transactionStatusViewSchema),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
}).openapi("TransactionList");

/** GET /api/v1/merchant/transactions: served by listTransactions. */
export const listTransactionsContract = defineOperation({
  path: "/api/v1/merchant/transactions",
  method: "GET",
  request: { auth: "merchant", query: listTransactionsQuery },
  operationId: "listTransactions",
  tag: "Transactions",
  summary: "List transactions",
  description: "Newest first, filtered, with cursor pagination. Only the key's mode is visible.",
  success: {
    description: "A page of transactions",
    schema: transactionListSchema,
    example: { data: [examples.transactionStatus], next_cursor: null },
    message: "Transactions retrieved",
  },
});
