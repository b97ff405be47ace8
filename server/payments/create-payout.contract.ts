import { z } from "../contracts/zod";
import { errors } from "../errors";
import { insufficientBalanceDataSchema } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation, idempotencyConflictError, idempotencyHeader, limitsError, networkUnavailableError, replayedHeader } from "../contracts/operation";
import { payoutCreatedSchema } from "./api-views";
import { amountSchema, callbackUrl, countryField, destinationRefinement, networkField, orderId, phoneField } from "./request-fields";

/** The payout request (2.2): also the shape of each bulk payout line (bulk-payouts/). */
export const payoutMetadataSchema = z.object({
  network: networkField,
  phone_number: phoneField,
  country_code: countryField,
  beneficiary: z
    .string()
    .min(1)
    .max(255)
    .refine((v) => v.trim() !== "", { message: "The metadata.beneficiary field is required." })
    .describe("Recipient's full name."),
});

export const payoutBody = z
  .object({
    amount: amountSchema,
    currency: z.string().min(1).max(3).describe("3-letter ISO code, one of the country's currencies."),
    payment_method: z.enum(["mobile_money"]),
    order_id: orderId,
    callback_url: callbackUrl,
    metadata: payoutMetadataSchema,
  })
  .superRefine(...destinationRefinement("payout"));
export type PayoutRequest = z.output<typeof payoutBody>;

/** POST /api/v1/merchant/payout (2.2): served by createPayout. */
export const createPayoutContract = defineOperation({
  path: "/api/v1/merchant/payout",
  method: "POST",
  request: { auth: "merchant", body: payoutBody },
  operationId: "createPayout",
  tag: "Payments",
  summary: "Create a payout",
  description:
    "Sends money from your wallet to a recipient's mobile money account. `amount + fee` is reserved from the wallet at once and returned if the payout fails. Live payouts need an approved KYC.",
  requestExample: examples.payoutRequest,
  headers: idempotencyHeader,
  success: { description: "Payout created, status `pending`", schema: payoutCreatedSchema, example: examples.payoutCreated, message: "Payout initiated", headers: replayedHeader },
  errors: [
    idempotencyConflictError,
    limitsError,
    { key: "kyc_required", summary: "Live mode while the merchant's KYC is not approved", error: errors.kycRequired() },
    {
      key: "insufficient_balance",
      summary: "The wallet cannot cover amount + fee",
      error: errors.insufficientBalance({ required_amount: 5050, available_balance: 1200, currency: "XOF" }),
      data: insufficientBalanceDataSchema,
    },
    networkUnavailableError,
  ],
});
