import { z } from "../../contracts/zod";
import { errors } from "../../errors";
import { commonErrorCases, insufficientBalanceDataSchema } from "../../contracts/envelope";
import { examples } from "../../contracts/examples";
import { defineOperation, idempotencyConflictError, idempotencyHeader, limitsError, networkUnavailableError, replayedHeader } from "../../contracts/operation";
import { payoutCreatedSchema } from "../api-views";
import { amountSchema, transactionIdParams } from "../request-fields";
import { refundErrors } from "./create-refund";

export const refundBody = z.object({
  amount: amountSchema.nullish().describe("Amount to refund in the currency's units (major units, like every amount). Default: what is left to refund."),
  reason: z.string().max(255).nullish().describe("Why, for your records (kept with the refund)."),
});

export const refundableDataSchema = z.strictObject({
  refundable_amount: z.number().describe("What a refund of this payin may still take."),
  currency: z.string(),
});

export const refundCreatedExample = {
  ...examples.payoutCreated,
  transaction_id: "rf_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  amount: 400,
  fee: 4,
  charged_amount: 404,
  order_id: "order-1042",
  metadata: { network: "mtn", phone_number: "2250700001234", country_code: "CI", beneficiary: "" },
};

/** POST /api/v1/merchant/transactions/{id}/refund (D16): served by createRefundOnce. */
export const createRefundContract = defineOperation({
  path: "/api/v1/merchant/transactions/{id}/refund",
  method: "POST",
  request: { auth: "merchant", params: transactionIdParams, body: refundBody },
  operationId: "createRefund",
  tag: "Payments",
  summary: "Refund a payin",
  description:
    "Sends money back to the customer of a successful payin, in full (no body) or in part (`amount`). The refund is a transaction of its own (`rf_…`, type `refund`), a payout to the payin's phone on the payin's network: `amount + fee` (the payout fee) is taken from your wallet, its status moves like a payout's and it has its own webhooks. The refunds of a payin that are not failed never add up to more than its amount.",
  requestExample: { amount: 400, reason: "Item out of stock" },
  headers: idempotencyHeader,
  success: { description: "Refund created, status `pending`", schema: payoutCreatedSchema, example: refundCreatedExample, message: "Refund initiated", headers: replayedHeader },
  errors: [
    commonErrorCases.transactionNotFound,
    { key: "not_refundable", summary: "Not a successful payin (a payout, a refund, or a payin not successful)", error: refundErrors.notRefundable() },
    {
      key: "refund_exceeds",
      summary: "The amount is more than what is left to refund",
      error: refundErrors.exceedsRefundable({ refundable_amount: 600, currency: "XOF" }),
      data: refundableDataSchema,
    },
    idempotencyConflictError,
    limitsError,
    {
      key: "insufficient_balance",
      summary: "The wallet cannot cover amount + fee",
      error: errors.insufficientBalance({ required_amount: 404, available_balance: 120, currency: "XOF" }),
      data: insufficientBalanceDataSchema,
    },
    networkUnavailableError,
  ],
});
