import { defineOperation } from "../contracts/operation";
import { getTransactionContract } from "./get-transaction.contract";

/**
 * GET /api/v1/merchant/status/{id} (D17, MbiyoPay drop-in): the same request and answer
 * as 4.3 (getTransactionContract), served by getTransactionDetail, at another path.
 */
export const transactionStatusAliasContract = defineOperation({
  ...getTransactionContract,
  path: "/api/v1/merchant/status/{id}",
  operationId: "getTransactionStatusAlias",
  summary: "Get a transaction's status (MbiyoPay path)",
  description: "The same answer as GET /api/v1/merchant/transactions/{id}, at the path MbiyoPay integrations call.",
});
