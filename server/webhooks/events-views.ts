import { z } from "../contracts/zod";
import type { WebhookEvent } from "../db/schema";
import { WEBHOOK_EVENT_STATES } from "../vocabulary";
import { redactUrl } from "./url-guard";

/** The API's snake_case views of events and their deliveries (issue 23). */
export const eventDeliverySchema = z
  .strictObject({
    id: z.string(),
    endpoint_id: z.string().nullable().describe("null: the interface's target (the transaction's callback_url, else the default endpoint)."),
    url: z.string().nullable().describe("The URL of the last attempt; null before the first."),
    state: z.enum(WEBHOOK_EVENT_STATES),
    attempt_count: z.int(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    last_error: z.string().nullable(),
    redelivery: z.boolean().describe("Made by POST /api/v1/merchant/events/{id}/redeliver."),
    created_at: z.string(),
  })
  .openapi("EventDelivery");

const eventFields = {
  id: z.string().describe("Also the `Webhook-Id` of every delivery of this event."),
  type: z.string().describe("`transaction.payin.successful`, `transaction.payout.failed`, `refund.successful`, `settlement.*`, `test`."),
  created_at: z.string(),
  transaction_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).describe("The exact body each delivery sends (the 2.4 payload for transaction events)."),
};

export const eventSummarySchema = z.strictObject(eventFields).openapi("EventSummary");
export const eventSchema = z.strictObject({ ...eventFields, deliveries: z.array(eventDeliverySchema) }).openapi("Event");

function parsed(body: string): Record<string, unknown> {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { raw: body };
  }
}

export function eventSummaryView(e: WebhookEvent, type: string): z.output<typeof eventSummarySchema> {
  return { id: e.id, type, created_at: e.createdAt.toISOString(), transaction_id: e.transactionId, data: parsed(e.body) };
}

export function eventDeliveryView(d: WebhookEvent): z.output<typeof eventDeliverySchema> {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    url: redactUrl(d.lastUrl),
    state: d.state,
    attempt_count: d.attemptCount,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.state === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    last_error: d.lastError,
    // Fan-out rows have their event's id plus a suffix (fan-out.ts); other children are redeliveries.
    redelivery: d.parentId !== null && !/_[0-9a-f]{10}$/.test(d.id),
    created_at: d.createdAt.toISOString(),
  };
}

export function eventView(e: WebhookEvent, type: string, deliveries: WebhookEvent[]): z.output<typeof eventSchema> {
  return { ...eventSummaryView(e, type), deliveries: deliveries.map(eventDeliveryView) };
}
