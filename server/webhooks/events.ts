import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { transactions, webhookEvents, type Mode, type WebhookEvent } from "../db/schema";
import { AppError, errors } from "../errors";
import { newId } from "../ids";
import { eventTypeSql, subscribes, transactionEventType } from "./event-types";
import { findDefaultEndpoint, findEndpoint, listEndpoints } from "./endpoints";

/**
 * The events API (issue 23): every notification the outbox holds, 30 days. An event is an
 * outbox row without a parent; its deliveries are that row (the interface's target) and
 * the rows fanned out or redelivered under it, one per endpoint.
 */
export interface Scope {
  merchantId: string;
  mode: Mode;
}

export interface EventFilters {
  /** A pattern as endpoints use them: `*`, a family (`transaction.payin`) or an exact type. */
  type?: string;
  transactionId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface EventItem {
  event: WebhookEvent;
  type: string;
}

const typeOf = eventTypeSql("webhook_events", "transactions");

function roots(scope: Scope): SQL[] {
  return [eq(webhookEvents.merchantId, scope.merchantId), eq(webhookEvents.mode, scope.mode), isNull(webhookEvents.parentId)];
}

export async function listEvents(db: DbOrTx, input: Scope & { filters?: EventFilters; cursor?: string | null; limit?: number }): Promise<{ items: EventItem[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 20), 1), 100);
  const f = input.filters ?? {};
  const where = roots(input);
  if (f.type && f.type !== "*") where.push(sql`(${typeOf} = ${f.type} or left(${typeOf}, ${f.type.length + 1}) = ${`${f.type}.`})`);
  if (f.transactionId) where.push(eq(webhookEvents.transactionId, f.transactionId));
  if (f.createdFrom) where.push(gte(webhookEvents.createdAt, f.createdFrom));
  if (f.createdBefore) where.push(lt(webhookEvents.createdAt, f.createdBefore));
  if (input.cursor) where.push(lt(webhookEvents.id, input.cursor));
  const rows = await db
    .select({ event: webhookEvents, type: sql<string>`${typeOf}` })
    .from(webhookEvents)
    .leftJoin(transactions, and(eq(transactions.id, webhookEvents.transactionId), eq(transactions.merchantId, webhookEvents.merchantId), eq(transactions.mode, webhookEvents.mode)))
    .where(and(...where))
    .orderBy(desc(webhookEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, nextCursor: rows.length > limit ? page[page.length - 1].event.id : null };
}

export async function getEvent(db: DbOrTx, input: Scope & { id: string }): Promise<EventItem & { deliveries: WebhookEvent[]; callbackUrl: string | null }> {
  const [row] = await db
    .select({ event: webhookEvents, type: sql<string>`${typeOf}`, callbackUrl: transactions.callbackUrl })
    .from(webhookEvents)
    .leftJoin(transactions, and(eq(transactions.id, webhookEvents.transactionId), eq(transactions.merchantId, webhookEvents.merchantId), eq(transactions.mode, webhookEvents.mode)))
    .where(and(...roots(input), eq(webhookEvents.id, input.id)))
    .limit(1);
  if (!row) throw errors.notFound("Event not found");
  const children = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.parentId, row.event.id), eq(webhookEvents.merchantId, input.merchantId), eq(webhookEvents.mode, input.mode)))
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
  return { event: row.event, type: row.type, callbackUrl: row.callbackUrl ?? null, deliveries: [row.event, ...children] };
}

/** The type of an event row read without the SQL derivation. */
export function typeOfRow(e: WebhookEvent, transactionType: string | null): string {
  if (e.type) return e.type;
  if (e.kind === "test" || !transactionType) return "test";
  return transactionEventType(transactionType, e.status);
}

/**
 * Sends an event again (issue 23): to one endpoint, or to every target that takes it (the
 * interface's target: callback_url, else the default endpoint when it subscribes; and each
 * other enabled endpoint that subscribes). New delivery rows under the event, due now,
 * with the event's exact body and its `Webhook-Id`. Returns the new rows' ids.
 */
export async function redeliverEvent(db: Database, input: Scope & { id: string; endpointId?: string }): Promise<string[]> {
  const { event, type, callbackUrl } = await getEvent(db, input);
  const row = (endpointId: string | null) => ({
    id: newId("webhookEvent"),
    merchantId: event.merchantId,
    mode: event.mode,
    transactionId: event.transactionId,
    kind: event.kind,
    status: event.status,
    body: event.body,
    state: "pending" as const,
    nextAttemptAt: sql`now()`,
    type,
    parentId: event.id,
    endpointId,
    fannedOut: true,
  });
  const rows: ReturnType<typeof row>[] = [];
  if (input.endpointId) {
    const endpoint = await findEndpoint(db, { ...input, id: input.endpointId });
    if (!endpoint) throw errors.notFound("Webhook endpoint not found");
    if (!endpoint.enabled) throw new AppError("conflict", "The webhook endpoint is disabled");
    rows.push(row(endpoint.id));
  } else {
    const byDefault = callbackUrl ? null : await findDefaultEndpoint(db, input);
    if (callbackUrl || (byDefault?.enabled && (event.kind !== "status_change" || subscribes(byDefault.eventTypes, type)))) rows.push(row(null));
    for (const e of await listEndpoints(db, input)) if (e.enabled && !e.isDefault && subscribes(e.eventTypes, type)) rows.push(row(e.id));
    if (!rows.length) throw errors.noWebhookUrl();
  }
  await db.insert(webhookEvents).values(rows);
  return rows.map((r) => r.id);
}

/** Delivery rows by id, for the redeliver response. */
export async function deliveriesById(db: DbOrTx, ids: string[]): Promise<WebhookEvent[]> {
  if (!ids.length) return [];
  return db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids)).orderBy(asc(webhookEvents.id));
}
