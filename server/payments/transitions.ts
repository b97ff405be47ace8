import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { decodeRow } from "../db/raw";
import { transactions, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { keyedTransferRows, transfersCtes, type KeyedTransfer } from "../ledger/batch-postings";
import { outboxInsertSql } from "../webhooks/outbox";
import { webhookPayload } from "../webhooks/payload";
import type { TerminalStatus } from "../connectors/types";
import { outcomeTransfer } from "./postings";
import { transactionFinished } from "../observability/metrics";

/**
 * The one way a payment's status changes (D8): pending -> successful | failed | cancelled,
 * for one row or a whole group, in ONE statement (issue 16: a row applied alone used to
 * cost ~6 round trips; issue 26: this is the only writer, a single change is a group of
 * one). Data-modifying CTEs, all in the caller's database transaction:
 *  - `u`   the status UPDATE, guarded by `status = 'pending'`: a terminal state never
 *          changes again and an outcome is never applied twice, even when the worker of
 *          another process or the checkout page races for the row (nothing else is written
 *          for a row no longer pending);
 *  - `ev`  one timeline row and `ob` one outbox event (webhooks/outbox.ts) per row updated;
 *  - the ledger (ledger/batch-postings.ts): each wallet moved once by the sum of its rows'
 *    legs, the legs themselves, only for rows updated.
 * The webhook body is built from the row passed in, as the UPDATE leaves it (its payload
 * columns other than status, reason and times are fixed at creation); the statement
 * returns the updated rows, and a body that differs from theirs (a stale row) throws, as
 * does any count written that differs from what was expected: the caller's transaction
 * rolls back, nothing half-applied.
 */
export interface OutcomeItem {
  transaction: Transaction;
  outcome: TerminalStatus;
  reason: string | null;
}

type Row = Record<string, unknown>;

const STATEMENT = sql.raw(`,
      i as (
        select x.* from p, json_to_recordset(p.items) as x(id text, status transaction_status, failure_reason text, event_id text, webhook_event_id text, body text)),
      u as (
        update transactions t
           set status = i.status, pending_outcome = null, next_check_at = null, failure_reason = i.failure_reason,
               completed_at = p.now, updated_at = p.now
          from i, p
         where t.id = i.id and t.status = 'pending'
        returning t.*),
      ev as (
        insert into transaction_events (id, transaction_id, from_status, to_status, reason, created_at)
        select i.event_id, u.id, 'pending', u.status, u.failure_reason, p.now from u join i on i.id = u.id, p
        returning 1),
      ob as (
        ${outboxInsertSql("u join i on i.id = u.id", { id: "i.webhook_event_id", merchantId: "u.merchant_id", mode: "u.mode", transactionId: "u.id", kind: "'status_change'", status: "u.status::text", body: "i.body" })}
        returning 1),
      ${transfersCtes({ legsJson: "(select legs from p)", walletsJson: "(select wallets from p)", kept: "u", now: "(select now from p)" })}
    select c.*, u.* from (
      select (select count(*) from ev)::int as written_events, (select count(*) from ob)::int as written_outbox,
             (select count(*) from ole)::int as written_legs, (select count(*) from ow)::int as written_wallets) c
      left join u on true`);

/** Applies the outcomes; returns the transactions whose status changed, as they now stand (the others were no longer pending). */
export async function applyOutcomes(tx: DbOrTx, items: OutcomeItem[], now: Date): Promise<Transaction[]> {
  if (!items.length) return [];
  const bodies = new Map<string, string>();
  const rows = items.map(({ transaction: t, outcome, reason }) => {
    const failureReason = outcome === "successful" ? null : reason;
    // The row as the UPDATE leaves it: the body every attempt of its event sends.
    const after: Transaction = Object.assign({}, t, { status: outcome, pendingOutcome: null, nextCheckAt: null, failureReason, completedAt: now, updatedAt: now });
    const body = JSON.stringify(webhookPayload(after));
    bodies.set(t.id, body);
    return { id: t.id, status: outcome, failure_reason: failureReason, event_id: newId("transactionEvent"), webhook_event_id: newId("webhookEvent"), body };
  });
  const transfers: KeyedTransfer[] = [];
  // Per row, what it must write to the ledger: its nonzero legs, and its wallet (if it moves one).
  const expected = new Map<string, { legs: number; wallet: string | null }>();
  for (const { transaction: t, outcome } of items) {
    const transfer = outcomeTransfer(t, outcome);
    const legs = transfer ? transfer.legs.filter((l) => l.amount !== 0n) : [];
    const movesWallet = legs.some((l) => l.account === "available" || l.account === "in_flight");
    expected.set(t.id, { legs: legs.length, wallet: movesWallet ? `${t.merchantId}\u0001${t.mode}\u0001${t.currency.toUpperCase()}` : null });
    if (transfer) transfers.push({ merchantId: t.merchantId, mode: t.mode, currency: t.currency, kind: transfer.kind, legs: transfer.legs, transactionId: t.id });
  }
  const { legs, wallets } = keyedTransferRows(transfers);

  const result = (await tx.execute(
    sql`with p as (select ${JSON.stringify(rows)}::json as items, ${JSON.stringify(legs)}::json as legs,
                          ${JSON.stringify(wallets)}::json as wallets, ${now.toISOString()}::timestamptz as now)${STATEMENT}`,
  )) as unknown as Row[] | { rows: Row[] };
  const returned = Array.isArray(result) ? result : result.rows;
  const updated = returned.filter((r) => r.id != null).map((r) => decodeRow<Transaction>(transactions, r));

  // What must have been written for the rows updated; anything else is a bug: roll back.
  let expectedLegs = 0;
  const touched = new Set<string>();
  const stale: string[] = [];
  for (const row of updated) {
    const e = expected.get(row.id)!;
    expectedLegs += e.legs;
    if (e.wallet) touched.add(e.wallet);
    if (JSON.stringify(webhookPayload(row)) !== bodies.get(row.id)) stale.push(row.id);
  }
  const [r] = returned;
  const written = { events: Number(r.written_events), outbox: Number(r.written_outbox), legs: Number(r.written_legs), wallets: Number(r.written_wallets) };
  const n = updated.length;
  if (written.events !== n || written.outbox !== n || written.legs !== expectedLegs || written.wallets !== touched.size || stale.length) {
    throw new Error(`outcomes wrote ${JSON.stringify(written)} for ${n} rows (${expectedLegs} legs, ${touched.size} wallets expected; stale bodies: ${stale.join(", ") || "none"})`);
  }
  const byId = new Map(items.map((i) => [i.transaction.id, i]));
  for (const row of updated) countFinished(row, byId.get(row.id)!.outcome, now);
  return updated;
}

/** One row's outcome: a group of one. Returns the row as it now stands, or null when it was no longer pending. */
export async function applyOutcome(tx: DbOrTx, input: OutcomeItem & { now?: Date }): Promise<Transaction | null> {
  const [updated] = await applyOutcomes(tx, [input], input.now ?? new Date());
  return updated ?? null;
}

/**
 * The timeline's first row (pending, "Created", at the transaction's created_at), written
 * with the transaction itself: `insertCreatedEventsSql` inside the creation statements
 * (payin and payout batches), `recordCreated` the same SQL for one row (refunds).
 */
const CREATED_REASON = "Created";

export async function recordCreated(tx: DbOrTx, t: Pick<Transaction, "id">): Promise<void> {
  await tx.execute(
    sql`with t as (select id, created_at, ${newId("transactionEvent")}::text as event_id from transactions where id = ${t.id}) ${sql.raw(insertCreatedEventsSql("t", "t.event_id"))}`,
  );
}

/** The INSERT … SELECT of the "Created" row for each new transaction `t` of `from` (SQL), with event id `eventId` (SQL). */
export function insertCreatedEventsSql(from: string, eventId: string): string {
  return `insert into transaction_events (id, transaction_id, from_status, to_status, reason, created_at)
      select ${eventId}, t.id, null, 'pending', '${CREATED_REASON}', t.created_at from ${from}`;
}

/** sika_transactions_finished_total and the creation-to-outcome histogram. */
export function countFinished(t: Pick<Transaction, "type" | "network" | "countryCode" | "mode" | "createdAt">, outcome: TerminalStatus, now: Date): void {
  transactionFinished({ type: t.type, network: t.network, country: t.countryCode, mode: t.mode, outcome, createdAt: t.createdAt, finishedAt: now });
}
