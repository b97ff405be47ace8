import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";
import { errors } from "../errors";
import { amountSchema, callbackUrl, countryField } from "../payments/request-fields";
import { CHECKOUT_SESSION_STATUSES, TRANSACTION_STATUSES } from "../vocabulary";

export const createCheckoutSessionBody = z.object({
  amount: amountSchema,
  currency: z.string().min(1).max(3).nullish().describe("3-letter ISO code; may be left out when country_code has one currency."),
  order_id: z.string().trim().min(1).max(255).describe("Your order reference: the payin carries it, and so does the webhook."),
  return_url: z.string().max(2048).describe("Where the customer goes back after paying, with `session_id` and `status` added to the query. https in live mode."),
  callback_url: callbackUrl,
  country_code: countryField.nullish().describe("Offer only this country's networks. Without it the customer chooses among the countries of the currency."),
  description: z.string().trim().max(500).nullish().describe("Shown to the customer under the amount."),
});
export type CreateCheckoutSessionBody = z.output<typeof createCheckoutSessionBody>;

export const checkoutSessionSchema = z
  .strictObject({
    id: z.string().meta({ example: "cs_01JZ3KF2B6D8F0H2K4M6P8R0T2" }),
    url: z.string().describe("Send the customer here."),
    status: z.enum(CHECKOUT_SESSION_STATUSES).describe("`open` until paid (`complete`) or past expires_at with no successful payment (`expired`)."),
    amount: z.number(),
    currency: z.string(),
    country_code: z.string().nullable(),
    order_id: z.string(),
    description: z.string().nullable(),
    return_url: z.string(),
    callback_url: z.string().nullable(),
    transaction_id: z.string().nullable().describe("The payin of the latest attempt (an ordinary payin: read it with the transactions endpoints)."),
    payment_status: z.enum(TRANSACTION_STATUSES).nullable().describe("That payin's status."),
    expires_at: z.string(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .openapi("CheckoutSession");

export const sessionIdParams = z.object({ id: z.string().min(1).max(64) });

const example = {
  id: "cs_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  url: "https://pay.sika.africa/pay/session/cs_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  status: "open",
  amount: 15000,
  currency: "XOF",
  country_code: "SN",
  order_id: "order-2026-0042",
  description: "2 x T-shirt",
  return_url: "https://shop.example.sn/checkout/done",
  callback_url: null,
  transaction_id: null,
  payment_status: null,
  expires_at: "2026-03-02T11:15:00.000Z",
  created_at: "2026-03-02T10:15:00.000Z",
  completed_at: null,
};

/** POST /api/v1/merchant/checkout-sessions. The answer's data is the whole session; `{id, url, expires_at}` are what you need. */
export const createCheckoutSessionContract = defineOperation({
  path: "/api/v1/merchant/checkout-sessions",
  method: "POST",
  request: { auth: "merchant", body: createCheckoutSessionBody },
  operationId: "createCheckoutSession",
  tag: "Payments",
  summary: "Create a hosted checkout session",
  description:
    "A payment page hosted by Sika for one order: redirect the customer to `url`; they choose network and phone there, approve the payment (USSD, PIN, app or redirect as the network requires), then come back to `return_url?session_id={id}&status=complete|open|expired`. The payment is an ordinary payin (same fees and webhooks). Read the session (or the payin) on your server before delivering goods: the query string is the customer's word. Expires after 60 minutes.",
  requestExample: { amount: 15000, currency: "XOF", country_code: "SN", order_id: "order-2026-0042", return_url: "https://shop.example.sn/checkout/done", description: "2 x T-shirt" },
  success: { description: "The session", schema: checkoutSessionSchema, example, message: "Checkout session created" },
});

export const getCheckoutSessionContract = defineOperation({
  path: "/api/v1/merchant/checkout-sessions/{id}",
  method: "GET",
  request: { auth: "merchant", params: sessionIdParams },
  operationId: "getCheckoutSession",
  tag: "Payments",
  summary: "Read a checkout session",
  description: "The session's status and its latest payin. `complete` once that payin is successful.",
  success: { description: "The session", schema: checkoutSessionSchema, example: { ...example, status: "complete", transaction_id: "pi_01JZ3KF9Q2W4E6R8T0Y2U4I6O8", payment_status: "successful", completed_at: "2026-03-02T10:17:31.000Z" }, message: "Checkout session retrieved" },
  errors: [{ key: "checkout_session_not_found", summary: "No such session for this key's merchant and mode", error: errors.notFound("Checkout session not found") }],
});
