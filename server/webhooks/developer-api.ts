import type { z } from "../zod";
import type { Database, DbOrTx } from "../db/client";
import type { WebhookEndpoint } from "../db/schema";
import { cursorListBody } from "../contracts/cursor-list";
import { endpointAttempts, endpointStats } from "./endpoint-stats";
import { createEndpoint, getEndpoint, listEndpoints, MAX_ENDPOINTS_PER_MODE, rotateEndpointSecret, updateEndpoint, type EndpointInput, type Scope } from "./endpoints";
import { endpointAttemptView, webhookEndpointView } from "./endpoints-views";
import type { createEndpointBody, updateEndpointBody } from "./endpoints.contract";
import { deliveriesById, getEvent, listEvents, redeliverEvent, type EventFilters } from "./events";
import { eventDeliveryView, eventSummaryView, eventView } from "./events-views";
import { deliverInBackground, type WakeWorker } from "./resend";

/** What the Developers routes answer (issue 23): services in, API views out, so route files stay a few lines. */
async function withStats(db: DbOrTx, scope: Scope, endpoints: WebhookEndpoint[]) {
  const stats = await endpointStats(db, { merchantId: scope.merchantId, endpointIds: endpoints.map((e) => e.id) });
  return endpoints.map((e) => webhookEndpointView(e, stats.get(e.id)));
}

function toInput(body: z.output<typeof updateEndpointBody>): EndpointInput {
  return { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled, isDefault: body.is_default };
}

export async function endpointsPage(db: DbOrTx, scope: Scope) {
  return cursorListBody(await withStats(db, scope, await listEndpoints(db, scope)), null, MAX_ENDPOINTS_PER_MODE, "Webhook endpoints retrieved");
}

export async function endpointDetail(db: DbOrTx, scope: Scope, id: string) {
  const [view] = await withStats(db, scope, [await getEndpoint(db, { ...scope, id })]);
  return view;
}

export async function createEndpointView(db: Database, scope: Scope, body: z.output<typeof createEndpointBody>) {
  const { endpoint, secret } = await createEndpoint(db, scope, toInput(body));
  return { ...webhookEndpointView(endpoint), secret };
}

export async function updateEndpointView(db: Database, scope: Scope, id: string, body: z.output<typeof updateEndpointBody>) {
  await updateEndpoint(db, { ...scope, id }, toInput(body));
  return endpointDetail(db, scope, id);
}

export async function rotateEndpointView(db: Database, scope: Scope, id: string) {
  const secret = await rotateEndpointSecret(db, { ...scope, id });
  const endpoint = await getEndpoint(db, { ...scope, id });
  return { id, secret, previous_secret_expires_at: endpoint.previousSecretExpiresAt?.toISOString() ?? null };
}

export async function endpointAttemptsPage(db: DbOrTx, scope: Scope, id: string, query: { cursor?: string; limit: string }) {
  await getEndpoint(db, { ...scope, id });
  const page = await endpointAttempts(db, { ...scope, endpointId: id, cursor: query.cursor, limit: Number(query.limit) });
  return cursorListBody(page.items.map(endpointAttemptView), page.nextCursor, Number(query.limit), "Delivery attempts retrieved");
}

export async function eventsPage(db: DbOrTx, scope: Scope, filters: EventFilters, query: { cursor?: string; limit: string }) {
  const page = await listEvents(db, { ...scope, filters, cursor: query.cursor, limit: Number(query.limit) });
  return cursorListBody(page.items.map((i) => eventSummaryView(i.event, i.type)), page.nextCursor, Number(query.limit), "Events retrieved");
}

export async function eventDetail(db: DbOrTx, scope: Scope, id: string) {
  const e = await getEvent(db, { ...scope, id });
  return eventView(e.event, e.type, e.deliveries);
}

export async function redeliverView(db: Database, scope: Scope, id: string, endpointId: string | undefined, wake: WakeWorker) {
  const ids = await redeliverEvent(db, { ...scope, id, endpointId });
  for (const deliveryId of ids) deliverInBackground(db, deliveryId, wake);
  return { event_id: id, deliveries: (await deliveriesById(db, ids)).map(eventDeliveryView) };
}
