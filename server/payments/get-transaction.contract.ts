import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "./api-views";
import { transactionIdParams } from "./request-fields";

/** GET /api/v1/merchant/transactions/{id} (2.3): served by getTransactionDetail. */
export const getTransactionContract = defineOperation({
  path: "/api/v1/merchant/transactions/{id}",
  method: "GET",
  request: { auth: "merchant", params: transactionIdParams },
  operationId: "getTransaction",
  tag: "Transactions",
  summary: "Get a transaction's status",
  description: "Reads a payin or payout by the `transaction_id` returned at creation. Use it to confirm the final state before acting on a webhook.",
  success: { description: "The transaction", schema: transactionStatusViewSchema, example: examples.transactionStatus, message: "Transaction retrieved" },
  errors: [commonErrorCases.transactionNotFound],
});
