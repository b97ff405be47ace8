import { z } from "../contracts/zod";
import { errors } from "../errors";
import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation, networkUnavailableError } from "../contracts/operation";
import { payinCreatedSchema } from "./api-views";
import { transactionIdParams } from "./request-fields";

/** The PIN or OTP that authorizes a `pin` payin (D7). */
export const finalizeBody = z.object({
  otp: z
    .string()
    .refine((v) => /^\d{4,8}$/.test(v), { message: "The otp field must be 4 to 8 digits." })
    .meta({ pattern: "^\\d{4,8}$" }) // for the OpenAPI document: the refine above is invisible to it
    .describe("PIN / OTP the customer entered (4-8 digits)."),
});

/** POST /api/v1/merchant/transactions/{id}/finalize (D7): served by finalizePayin. */
export const finalizePayinContract = defineOperation({
  path: "/api/v1/merchant/transactions/{id}/finalize",
  method: "POST",
  request: { auth: "merchant", params: transactionIdParams, body: finalizeBody },
  operationId: "finalizePayin",
  tag: "Payments",
  summary: "Finalize a payin with the customer's PIN",
  description:
    "For a pending payin whose `auth_mode` is `pin` (Gambia qmoney, aps): submits the PIN / OTP the customer entered. The outcome arrives by webhook. In test mode, `000000` fails the payin.",
  requestExample: examples.finalizeRequest,
  success: { description: "PIN accepted for processing (the payin, still pending)", schema: payinCreatedSchema, example: examples.finalized, message: "Payin authorization submitted" },
  errors: [
    commonErrorCases.transactionNotFound,
    {
      key: "cannot_finalize",
      summary: "Not a pending payin awaiting a PIN (other auth mode, already finalized, expired, terminal, payout)",
      error: errors.cannotFinalize(),
    },
    networkUnavailableError,
  ],
});
