import { z } from "../contracts/zod";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "./api-views";
import { listTransactionsQuery } from "./schemas";

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
