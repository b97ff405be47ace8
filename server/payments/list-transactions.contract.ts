import { z } from "../contracts/zod";
import { isoDateTimeQuery } from "../contracts/cursor-list";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "./api-views";
import { TRANSACTION_STATUSES } from "../vocabulary";

export const listTransactionsQuery = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  type: z.enum(["payin", "payout", "refund", "cashin", "cashout"]).optional(),
  order_id: z.string().min(1).max(255).optional(),
  country_code: z.string().min(2).max(2).optional(),
  network: z.string().min(1).max(50).optional(),
  created_from: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the start of that day (UTC)."),
  created_to: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the whole of that day (UTC)."),
  q: z.string().min(1).max(255).optional().describe("Searches transaction id, order_id and phone number."),
  page: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "all" || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000), {
      message: "The page field must be an integer between 1 and 10000, or all.",
    })
    .describe("1-based page (D20); `all` is read as the first page. With `cursor`, the cursor wins. A page request also counts `meta.total`."),
  limit: z
    .string()
    .optional()
    .default("15")
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { message: "The limit field must be an integer between 1 and 100." }),
  cursor: z.string().min(1).max(200).optional().describe("`next_cursor` of the previous page."),
});

/** GET /api/v1/merchant/transactions (D20): `data` is the array, pagination beside it, no further envelope. */
export const transactionListSchema = z
  .strictObject({
    status: z.literal("success"),
    message: z.string(),
    data: z.array(transactionStatusViewSchema),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
    meta: z.strictObject({
      current_page: z.int().describe("The page served: `page`, or the page the cursor leads to."),
      per_page: z.int(),
      total: z.int().optional().describe("Rows matching the filters; present when `page` was given."),
    }),
  })
  .openapi("TransactionList");

/** GET /api/v1/merchant/transactions: served by listTransactions. */
export const listTransactionsContract = defineOperation({
  path: "/api/v1/merchant/transactions",
  method: "GET",
  request: { auth: "merchant", query: listTransactionsQuery },
  operationId: "listTransactions",
  tag: "Transactions",
  summary: "List transactions",
  description:
    "Newest first, filtered. `data` is the array of transactions (the shape of GET /api/v1/merchant/transactions/{id}); `next_cursor` and `meta` sit beside it (D20, as MbiyoPay integrations read it). Page with `page` (1-based) or with `cursor`. Only the key's mode is visible.",
  success: {
    description: "A page of transactions",
    schema: transactionListSchema,
    enveloped: false,
    example: {
      status: "success",
      message: "Transactions retrieved",
      data: [examples.transactionStatus],
      next_cursor: null,
      meta: { current_page: 1, per_page: 15, total: 1 },
    },
  },
});
