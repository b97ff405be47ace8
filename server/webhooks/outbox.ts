import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookEvents, type Mode, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { webhookPayload, type WebhookPayload } from "./payload";
import type { WebhookEventKind } from "../vocabulary";

export type { WebhookEventKind } from "../vocabulary";

/**
 * The outbox's one writer of a notification (issue 26): `outboxInsertSql`, an INSERT …
 * SELECT of event rows, each due at once (database clock, like the claim that picks it
 * up). The status transitions' statement (payments/transitions.ts) embeds it as a CTE;
 * the enqueues below run it over their rows passed as JSON. Call inside the database
 * transaction that changed the status, so the change and its event commit together (D8).
 * The body is frozen here: every attempt sends these bytes.
 */
export interface OutboxColumns {
  id: string;
  merchantId: string;
  mode: string;
  transactionId: string;
  kind: string;
  status: string;
  body: string;
}

/** INSERT … SELECT of outbox events: `from` a FROM clause (SQL), `cols` the SQL expression of each column over it. */
export function outboxInsertSql(from: string, c: OutboxColumns): string {
  return `insert into webhook_events (id, merchant_id, mode, transaction_id, kind, status, body, state, next_attempt_at)
        select ${c.id}, ${c.merchantId}, ${c.mode}, ${c.transactionId}, ${c.kind}, ${c.status}, ${c.body}, 'pending', now() from ${from}`;
}

/** An outbox event's own columns (the rest: pending, due now). */
export interface OutboxRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  transaction_id: string | null;
  kind: WebhookEventKind;
  status: string;
  body: string;
}

const FROM_JSON =
  "json_to_recordset((select rows from p)) as x(id text, merchant_id text, mode mode, transaction_id text, kind webhook_event_kind, status text, body text)";
const INSERT_ROWS = sql.raw(
  outboxInsertSql(FROM_JSON, { id: "x.id", merchantId: "x.merchant_id", mode: "x.mode", transactionId: "x.transaction_id", kind: "x.kind", status: "x.status", body: "x.body" }),
);

/** Writes outbox events (transactions', settlements', test events) through the one INSERT. */
export async function insertOutboxRows(tx: DbOrTx, rows: OutboxRow[]): Promise<void> {
  await tx.execute(sql`with p as (select ${JSON.stringify(rows)}::json as rows) ${INSERT_ROWS}`);
}

/** The notification for a transaction's current state (`t` as the change left it). */
export async function enqueueTransactionEvent(tx: DbOrTx, t: Transaction, kind: WebhookEventKind = "status_change", id = newId("webhookEvent")): Promise<string> {
  const body = JSON.stringify(webhookPayload(t));
  await insertOutboxRows(tx, [{ id, merchant_id: t.merchantId, mode: t.mode, transaction_id: t.id, kind, status: t.status, body }]);
  return id;
}

/** A `test` event (dashboard "send test event"): a 2.4-shaped sample, no transaction behind it. */
export async function enqueueTestEvent(tx: DbOrTx, input: { merchantId: string; mode: Mode; payload: WebhookPayload }, id = newId("webhookEvent")): Promise<string> {
  const body = JSON.stringify(input.payload);
  await insertOutboxRows(tx, [{ id, merchant_id: input.merchantId, mode: input.mode, transaction_id: null, kind: "test", status: input.payload.status, body }]);
  return id;
}

/** Whether outbox event `id` is stored (the read-back of a write whose COMMIT outcome is unknown). */
export async function webhookEventStored(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return Boolean(row);
}
