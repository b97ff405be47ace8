import { z } from "../../contracts/zod";
import { assertSameShape } from "../../contracts/exact";
import { commonErrorCases } from "../../contracts/envelope";
import { examples } from "../../contracts/examples";
import { defineOperation } from "../../contracts/operation";
import { transactionStatusViewSchema } from "../api-views";
import { transactionIdParams } from "../request-fields";
import type { RefundList } from "./list-refunds";

export const refundListSchema = z
  .strictObject({
    transaction_id: z.string().describe("The payin."),
    currency: z.string(),
    amount: z.number().describe("The payin's amount."),
    refunded_amount: z.number().describe("Sum of its refunds that are pending or successful."),
    refundable_amount: z.number().describe("What a new refund may still take (0 unless the payin is successful)."),
    refunds: z.array(transactionStatusViewSchema).describe("Oldest first; each of type `refund`."),
  })
  .openapi("RefundList");

assertSameShape<z.output<typeof refundListSchema>, RefundList>();

const refundExample = {
  ...examples.transactionStatus,
  transaction_id: "rf_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  amount: 400,
  fee: 4,
  charged_amount: 404,
  type: "refund",
};

/** GET /api/v1/merchant/transactions/{id}/refunds (D16): served by listRefunds. */
export const listRefundsContract = defineOperation({
  path: "/api/v1/merchant/transactions/{id}/refunds",
  method: "GET",
  request: { auth: "merchant", params: transactionIdParams },
  operationId: "listRefunds",
  tag: "Transactions",
  summary: "List a payin's refunds",
  description: "The refunds of a payin, oldest first, with what has been refunded and what is left to refund.",
  success: {
    description: "The payin's refunds",
    schema: refundListSchema,
    example: { transaction_id: examples.transactionStatus.transaction_id, currency: "XOF", amount: 1000, refunded_amount: 400, refundable_amount: 600, refunds: [refundExample] },
    message: "Refunds retrieved",
  },
  errors: [commonErrorCases.transactionNotFound],
});
