import type { z } from "../zod";
import type { Database, DbOrTx } from "../db/client";
import type { WebhookEndpoint } from "../db/schema";
import { cursorListBody } from "../contracts/cursor-list";
import { endpointAttempts, endpointStats } from "./endpoint-stats";
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, MAX_ENDPOINTS_PER_MODE, revealEndpointSecret, rotateEndpointSecret, updateEndpoint, type EndpointInput, type Scope } from "./endpoints";
import { audited, type AuditDraft, type AuditScope } from "../audit/actors";
import { redactUrl } from "./url-guard";
import { endpointAttemptView, webhookEndpointView } from "./endpoints-views";
import type { createEndpointBody, updateEndpointBody } from "./endpoints.contract";
import { deliveriesById, getEvent, listEvents, redeliverEvent, type EventFilters } from "./events";
import { eventDeliveryView, eventSummaryView, eventView } from "./events-views";
import { deliverInBackground, type WakeWorker } from "./resend";
import type { AuditAction } from "../vocabulary";

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

/**
 * Endpoint changes are settings changes (issue 22): each commits with its audit row, from
 * the dashboard (a user) or the API (a key) alike. What is recorded: the URL (credentials
 * shown as ***), description, event types, enabled, default; never a secret.
 */
function settingsOf(e: WebhookEndpoint) {
  return { url: redactUrl(e.url), description: e.description, event_types: e.eventTypes, enabled: e.enabled, is_default: e.isDefault };
}
function draft(scope: Scope, action: AuditAction, id: string, sides: { before?: unknown; after?: unknown } = {}): AuditDraft {
  return { merchantId: scope.merchantId, mode: scope.mode, action, target: { type: "webhook_endpoint", id }, ...sides };
}

export async function createEndpointView(db: Database, scope: Scope, body: z.output<typeof createEndpointBody>, audit: AuditScope) {
  const { endpoint, secret } = await audited(db, audit, (tx) => createEndpoint(tx, scope, toInput(body)), ({ endpoint: e }) => draft(scope, "webhook_endpoint.created", e.id, { after: settingsOf(e) }));
  return { ...webhookEndpointView(endpoint), secret };
}

export async function updateEndpointView(db: Database, scope: Scope, id: string, body: z.output<typeof updateEndpointBody>, audit: AuditScope) {
  // Both sides read in the change's own transaction, so the record is what this change did.
  await audited(
    db,
    audit,
    async (tx) => ({ before: settingsOf(await getEndpoint(tx, { ...scope, id })), after: settingsOf(await updateEndpoint(tx, { ...scope, id }, toInput(body))) }),
    (sides) => (JSON.stringify(sides.after) === JSON.stringify(sides.before) ? null : draft(scope, "webhook_endpoint.updated", id, sides)),
  );
  return endpointDetail(db, scope, id);
}

export async function deleteEndpointView(db: Database, scope: Scope, id: string, audit: AuditScope) {
  await audited(
    db,
    audit,
    async (tx) => {
      const before = settingsOf(await getEndpoint(tx, { ...scope, id }));
      await deleteEndpoint(tx, { ...scope, id });
      return before;
    },
    (before) => draft(scope, "webhook_endpoint.deleted", id, { before }),
  );
  return { id, deleted: true as const };
}

export async function rotateEndpointView(db: Database, scope: Scope, id: string, audit: AuditScope) {
  const secret = await audited(db, audit, (tx) => rotateEndpointSecret(tx, { ...scope, id }), () => draft(scope, "webhook_endpoint.secret_rotated", id));
  const endpoint = await getEndpoint(db, { ...scope, id });
  return { id, secret, previous_secret_expires_at: endpoint.previousSecretExpiresAt?.toISOString() ?? null };
}

/** Revealing is not a change, but who saw a signing secret is worth knowing. */
export async function revealEndpointSecretView(db: Database, scope: Scope, id: string, audit: AuditScope) {
  return audited(db, audit, (tx) => revealEndpointSecret(tx, { ...scope, id }), (secret) => (secret ? draft(scope, "webhook_endpoint.secret_revealed", id) : null));
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
