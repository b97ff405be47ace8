import { z } from "../../contracts/zod";
import type { WebhookPayload } from "../../webhooks/payload";
import { assertSameShape } from "../../contracts/exact";
import { transactionStatusSchema } from "../../payments/api-views";

/** The webhook notification body of interface 2.4 (D10), for the document's `webhooks`. */
export const webhookPayloadSchema = z.strictObject({
  transaction_id: z.string().meta({ example: "pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D" }),
  amount: z.number().meta({ example: 1000 }),
  fee: z.number().meta({ example: 15 }),
  charged_amount: z.number().meta({ example: 1015 }),
  currency: z.string().meta({ example: "XOF" }),
  order_id: z.string().nullable().meta({ example: "order-1042" }),
  status: transactionStatusSchema,
  type: z.enum(["cashin", "cashout", "refund"]).describe("`cashin` for payins, `cashout` for payouts, `refund` for refunds of a payin (D16)."),
  created_at: z.string().meta({ example: "2026-03-02T10:15:00.000Z" }),
  updated_at: z.string().meta({ example: "2026-03-02T10:15:03.000Z" }),
  metadata: z.strictObject({
    country_code: z.string().meta({ example: "CI" }),
    phone_number: z.string().describe("Without a leading plus.").meta({ example: "2250700001234" }),
    network: z.string().meta({ example: "orange" }),
    om_otp: z.null().optional().describe("Payins only; never echoed, always null."),
    beneficiary: z.string().optional().describe("Payouts and refunds: the beneficiary's name as sent (an extra field, not in the interface)."),
  }),
  decline_reason: z
    .string()
    .nullable()
    .describe("Why a `failed` or `cancelled` transaction did not go through (null otherwise). An extra field beside the interface's: receivers may ignore it.")
    .meta({ example: null }),
}).openapi("WebhookPayload");

assertSameShape<Omit<z.output<typeof webhookPayloadSchema>, "status">, Omit<WebhookPayload, "status">>();

export const webhookHeaders = z.object({
  Signature: z
    .string()
    .optional()
    .describe(
      "Legacy, for MbiyoPay compatibility: lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the whole webhook secret (`whsec_…`) as UTF-8 — what PHP's `hash_hmac('sha256', $body, $secret)` gives. It covers no timestamp, so a captured delivery verifies forever: verify `Webhook-Signature` instead. Present when a webhook secret is set.",
    )
    .meta({ example: "5f2b7c0e0e4f4c1bd0c8d7c7a8d1b0f4f3e0b6a3b2c1d0e9f8a7b6c5d4e3f2a1" }),
  "Webhook-Id": z
    .string()
    .describe("Standard Webhooks: the event id, stable across retries of one event — dedupe on it.")
    .meta({ example: "msg_01JZ3K8RZ4N0W6Q2J8T5M1X7YB" }),
  "Webhook-Timestamp": z
    .string()
    .describe("Standard Webhooks: unix seconds of this attempt; refuse values far from now to stop replays.")
    .meta({ example: "1772446503" }),
  "Webhook-Signature": z
    .string()
    .optional()
    .describe(
      "The signature to verify. Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{Webhook-Id}.{Webhook-Timestamp}.{body}`, keyed with the base64-decoded part of the secret after `whsec_`. Several space-separated entries during a secret rotation. Present when a webhook secret is set.",
    )
    .meta({ example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=" }),
});
