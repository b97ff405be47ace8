import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";
import { cursorListSchema, cursorQueryFields, isoDateTimeQuery } from "../contracts/cursor-list";
import { createdRange } from "../calendar";
import { AppError, errors } from "../errors";
import { examples } from "../contracts/examples";
import { normalizePattern } from "./event-types";
import { eventDeliverySchema, eventSchema, eventSummarySchema } from "./events-views";
import type { EventFilters } from "./events";

export const listEventsQuery = z.object({
  type: z
    .string()
    .max(80)
    .refine((v) => normalizePattern(v) !== null, { message: "The type field must be an event type or family we send." })
    .optional()
    .describe("An exact type (`transaction.payin.successful`) or a family (`transaction.payin`, `refund`, `settlement`)."),
  transaction_id: z.string().min(1).max(100).optional(),
  created_from: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the start of that day (UTC)."),
  created_to: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the whole of that day (UTC)."),
  ...cursorQueryFields,
});

export function eventFilters(q: z.output<typeof listEventsQuery>): EventFilters {
  return { type: q.type ? (normalizePattern(q.type) ?? undefined) : undefined, transactionId: q.transaction_id, ...createdRange(q.created_from, q.created_to) };
}

const summary = {
  id: "msg_01JD3W6V0XQ0G1TRG3X7N5YB2P",
  type: "transaction.payin.successful",
  created_at: "2026-03-02T10:15:03.000Z",
  transaction_id: examples.transactionStatus.transaction_id,
  data: { transaction_id: examples.transactionStatus.transaction_id, status: "successful", type: "cashin" },
};
const delivery = {
  id: "msg_01JD3W6V0XQ0G1TRG3X7N5YB2P",
  endpoint_id: "we_01JD3W5Q6S1T2V3W4X5Y6Z7A8C",
  url: "https://example.com/hooks/sika",
  state: "delivered" as const,
  attempt_count: 1,
  last_attempt_at: "2026-03-02T10:15:03.200Z",
  next_attempt_at: null,
  delivered_at: "2026-03-02T10:15:03.260Z",
  last_error: null,
  redelivery: false,
  created_at: "2026-03-02T10:15:03.000Z",
};
const notFound = { key: "event_not_found", summary: "No such event for this merchant and mode (or older than 30 days)", error: errors.notFound("Event not found") };

export const listEventsContract = defineOperation({
  path: "/api/v1/merchant/events",
  method: "GET",
  request: { auth: "merchant", query: listEventsQuery },
  operationId: "listEvents",
  tag: "Developers",
  summary: "List events",
  description:
    "The notifications of the key's mode, newest first, kept 30 days: transaction status changes (`transaction.payin.*`, `transaction.payout.*`), refunds (`refund.*`), settlements (`settlement.*`), resends and test events. `data` is the exact body sent. Filter by type (exact or family), transaction and created range.",
  success: {
    description: "A page of events",
    schema: cursorListSchema(eventSummarySchema).openapi("EventList"),
    enveloped: false,
    example: { status: "success", message: "Events retrieved", data: [summary], next_cursor: null, meta: { per_page: 20 } },
  },
});

export const eventIdParams = z.object({ id: z.string().min(1).max(100) });

export const getEventContract = defineOperation({
  path: "/api/v1/merchant/events/{id}",
  method: "GET",
  request: { auth: "merchant", params: eventIdParams },
  operationId: "getEvent",
  tag: "Developers",
  summary: "Get an event and its deliveries",
  description: "The event and each delivery of it: to the interface's target (`endpoint_id` null) and to every endpoint that subscribes, with redeliveries.",
  success: { description: "The event", schema: eventSchema, message: "Event retrieved", example: { ...summary, deliveries: [delivery] } },
  errors: [notFound],
});

export const redeliverBody = z.strictObject({
  endpoint_id: z.string().min(1).max(100).optional().describe("Only this endpoint; omitted: every target that takes the event."),
});

export const redeliverEventContract = defineOperation({
  path: "/api/v1/merchant/events/{id}/redeliver",
  method: "POST",
  request: { auth: "merchant", params: eventIdParams, body: redeliverBody },
  operationId: "redeliverEvent",
  tag: "Developers",
  summary: "Redeliver an event",
  description:
    "Sends the event again, with the same body and `Webhook-Id`, to one endpoint (`endpoint_id`) or to every target that takes it: the transaction's `callback_url` (else the default endpoint) and each enabled endpoint whose event types match. Attempted at once, then retried on the usual schedule.",
  requestExample: { endpoint_id: "we_01JD3W5Q6S1T2V3W4X5Y6Z7A8C" },
  success: {
    description: "The new deliveries",
    schema: z.strictObject({ event_id: z.string(), deliveries: z.array(eventDeliverySchema) }),
    message: "Redelivery scheduled",
    example: { event_id: summary.id, deliveries: [{ ...delivery, id: "msg_01JD3X0000Q0G1TRG3X7N5YB2Q", state: "pending", attempt_count: 0, delivered_at: null, redelivery: true }] },
  },
  errors: [
    notFound,
    { key: "no_target", summary: "Nothing takes this event (no callback_url, no default endpoint, no endpoint subscribed)", error: errors.noWebhookUrl() },
    { key: "endpoint_disabled", summary: "The endpoint named is disabled", error: new AppError("conflict", "The webhook endpoint is disabled") },
  ],
});
