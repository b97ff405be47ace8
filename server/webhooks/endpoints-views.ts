import { z } from "../contracts/zod";
import type { WebhookEndpoint } from "../db/schema";
import { emptyStats, type EndpointAttempt, type EndpointStats } from "./endpoint-stats";
import { redactUrl } from "./url-guard";

/** The API's snake_case views of webhook endpoints and their delivery log (issue 23). */
export const webhookEndpointSchema = z
  .strictObject({
    id: z.string(),
    url: z.string().describe("Credentials in the URL are shown as `***`."),
    description: z.string().nullable(),
    event_types: z.array(z.string()).describe("`*`, families (`transaction.payin`, `refund`, `settlement`) or exact types (`transaction.payout.failed`)."),
    enabled: z.boolean(),
    is_default: z
      .boolean()
      .describe("The interface's dashboard default webhook URL: a transaction created with its own `callback_url` is notified there instead of here."),
    secret_shared_with_mode: z
      .boolean()
      .describe("True for the endpoint migrated from the single webhook URL until its first rotation: it signs with the mode's secret."),
    previous_secret_expires_at: z.string().nullable().describe("While the secret before the last rotation still signs `Webhook-Signature`."),
    stats: z.strictObject({
      attempts: z.int(),
      succeeded: z.int(),
      success_rate: z.number().nullable().describe("Share of attempts answered 2xx over the last 30 days; null before the first."),
      last_attempt_at: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("WebhookEndpoint");

export function webhookEndpointView(e: WebhookEndpoint, stats: EndpointStats = emptyStats): z.output<typeof webhookEndpointSchema> {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > Date.now() ? e.previousSecretExpiresAt.toISOString() : null;
  return {
    id: e.id,
    url: redactUrl(e.url),
    description: e.description,
    event_types: e.eventTypes,
    enabled: e.enabled,
    is_default: e.isDefault,
    secret_shared_with_mode: e.secretEncrypted === null,
    previous_secret_expires_at: overlap,
    stats: {
      attempts: stats.attempts,
      succeeded: stats.succeeded,
      success_rate: stats.successRate,
      last_attempt_at: stats.lastAttemptAt?.toISOString() ?? null,
    },
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export const endpointAttemptSchema = z
  .strictObject({
    id: z.string(),
    event_id: z.string().describe("The event delivered (GET /api/v1/merchant/events/{id})."),
    delivery_id: z.string(),
    transaction_id: z.string().nullable(),
    created_at: z.string(),
    url: z.string(),
    status_code: z.int().nullable().describe("null when no HTTP answer came back (timeout, refused)."),
    duration_ms: z.int(),
    error: z.string().nullable(),
  })
  .openapi("WebhookEndpointAttempt");

export function endpointAttemptView(a: EndpointAttempt): z.output<typeof endpointAttemptSchema> {
  return {
    id: a.id,
    event_id: a.rootEventId,
    delivery_id: a.eventId,
    transaction_id: a.transactionId,
    created_at: a.at.toISOString(),
    url: redactUrl(a.url),
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
  };
}
