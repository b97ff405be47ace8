import { z } from "../contracts/zod";
import { errors } from "../errors";
import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";

/** 4.4: which URL the re-sent notification went to. */
export const resendWebhookResultSchema = z.strictObject({
  transaction_id: z.string(),
  webhook_url: z.string(),
}).openapi("ResendWebhookResult");

/** POST /api/v1/merchant/transactions/{id}/resend-webhook (4.4): served by resendWebhook. */
export const resendWebhookContract = defineOperation({
  path: "/api/v1/merchant/transactions/{id}/resend-webhook",
  method: "POST",
  request: { auth: "merchant", params: z.object({ id: z.string().min(1).max(100) }) },
  operationId: "resendWebhook",
  tag: "Transactions",
  summary: "Resend the status webhook",
  description:
    "Builds a new notification from the transaction's current state and delivers it at once to the transaction's `callback_url`, else the dashboard default URL. It has a new `Webhook-Id`.",
  success: { description: "Notification queued and attempted", schema: resendWebhookResultSchema, example: examples.resent, message: "Webhook resent" },
  errors: [
    commonErrorCases.transactionNotFound,
    { key: "no_webhook_url", summary: "Neither a callback_url nor a dashboard default URL exists", error: errors.noWebhookUrl() },
  ],
});
