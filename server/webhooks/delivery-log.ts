import { and, asc, desc, eq, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookAttempts, webhookEvents, type Mode, type WebhookAttempt, type WebhookEvent } from "../db/schema";
import { redactUrl } from "./url-guard";

/**
 * The delivery log for the dashboard: events newest first (cursor = the last id seen;
 * ids are ULIDs, so they sort by creation) and each event's attempts oldest first. URLs
 * are shown with any userinfo credentials redacted (`https://***@host/…`).
 */
export type WebhookEventState = WebhookEvent["state"];

export interface WebhookAttemptView {
  id: string;
  at: Date;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** The endpoint attempted; null for a transaction's own callback_url. */
  endpointId: string | null;
}

export interface WebhookEventView {
  id: string;
  kind: WebhookEvent["kind"];
  transactionId: string | null;
  status: string;
  state: WebhookEventState;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastUrl: string | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  /** The exact JSON text sent. */
  body: string;
  /** Issue 23: the endpoint this delivery goes to (null: the interface's target), and the event it delivers. */
  endpointId: string | null;
  parentId: string | null;
}

export interface WebhookEventWithAttempts extends WebhookEventView {
  attempts: WebhookAttemptView[];
}

function eventView(e: WebhookEvent): WebhookEventView {
  return {
    id: e.id,
    kind: e.kind,
    transactionId: e.transactionId,
    status: e.status,
    state: e.state,
    attemptCount: e.attemptCount,
    // While pending, next_attempt_at is when it is tried again (or a worker's lease).
    nextAttemptAt: e.state === "pending" ? e.nextAttemptAt : null,
    lastAttemptAt: e.lastAttemptAt,
    lastUrl: redactUrl(e.lastUrl),
    lastError: e.lastError,
    deliveredAt: e.deliveredAt,
    createdAt: e.createdAt,
    body: e.body,
    endpointId: e.endpointId,
    parentId: e.parentId,
  };
}

function attemptView(a: WebhookAttempt): WebhookAttemptView {
  return {
    id: a.id,
    at: a.createdAt,
    url: redactUrl(a.url),
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    responseExcerpt: a.responseExcerpt,
    endpointId: a.endpointId,
  };
}

async function withAttempts(db: DbOrTx, events: WebhookEvent[]): Promise<WebhookEventWithAttempts[]> {
  if (events.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, events.map((e) => e.id)))
    .orderBy(asc(webhookAttempts.createdAt), asc(webhookAttempts.id));
  const byEvent = new Map<string, WebhookAttemptView[]>();
  for (const a of attempts) {
    const list = byEvent.get(a.eventId) ?? [];
    list.push(attemptView(a));
    byEvent.set(a.eventId, list);
  }
  return events.map((e) => ({ ...eventView(e), attempts: byEvent.get(e.id) ?? [] }));
}

export async function listWebhookEvents(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; limit?: number; cursor?: string | null; state?: WebhookEventState },
): Promise<{ items: WebhookEventView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(Math.floor(input.limit ?? 20), 1), 100);
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.merchantId, input.merchantId),
        eq(webhookEvents.mode, input.mode),
        input.state ? eq(webhookEvents.state, input.state) : undefined,
        input.cursor ? lt(webhookEvents.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page.map(eventView), nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

/** One event with its attempts (the dashboard's detail view); undefined when not this merchant's. */
export async function getWebhookEvent(db: DbOrTx, input: { merchantId: string; mode: Mode; eventId: string }): Promise<WebhookEventWithAttempts | undefined> {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, input.eventId), eq(webhookEvents.merchantId, input.merchantId), eq(webhookEvents.mode, input.mode)))
    .limit(1);
  return (await withAttempts(db, rows))[0];
}

/** Every event of one transaction, oldest first, with attempts (transaction detail page). */
export async function listEventsForTransaction(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; transactionId: string },
): Promise<WebhookEventWithAttempts[]> {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.transactionId, input.transactionId),
        eq(webhookEvents.merchantId, input.merchantId),
        eq(webhookEvents.mode, input.mode),
      ),
    )
    .orderBy(asc(webhookEvents.id));
  return withAttempts(db, rows);
}
