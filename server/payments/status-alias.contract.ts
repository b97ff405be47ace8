import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "./api-views";
import { transactionIdParams } from "./request-fields";

/** GET /api/v1/merchant/status/{id} (D17, MbiyoPay drop-in): the same answer as 4.3, served by getTransactionDetail. */
export const transactionStatusAliasContract = defineOperation({
  path: "/api/v1/merchant/status/{id}",
  method: "GET",
  request: { auth: "merchant", params: transactionIdParams },
  operationId: "getTransactionStatusAlias",
  tag: "Transactions",
  summary: "Get a transaction's status (MbiyoPay path)",
  description: "The same answer as GET /api/v1/merchant/transactions/{id}, at the path MbiyoPay integrations call.",
  success: { description: "The transaction", schema: transactionStatusViewSchema, example: examples.transactionStatus, message: "Transaction retrieved" },
  errors: [commonErrorCases.transactionNotFound],
});
