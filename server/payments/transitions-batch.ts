import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { Transaction } from "../db/schema";
import { newId } from "../ids";
import { keyedTransferRows, outcomeTransfersCtes, type KeyedTransfer } from "../ledger/batch-postings";
import { webhookPayload } from "../webhooks/payload";
import type { TerminalStatus } from "../connectors/types";
import { outcomeTransfer } from "./postings";
import { countFinished } from "./transitions";

/**
 * applyOutcome (transitions.ts) for a whole group of transactions in ONE statement: the
 * lifecycle job's path (issue 16: a row applied alone costs ~6 round trips, status UPDATE,
 * wallet UPDATE, ledger legs, timeline row, outbox row; a creation costs one statement, so
 * under load creations outran outcomes). Same writes, same guard, set-based:
 *  - `u`   the status UPDATE, guarded by `status = 'pending'` (a row another path already
 *          settled is left alone, with nothing else written for it);
 *  - `ev`  one timeline row and `ob` one outbox event per row updated (the body frozen
 *          from the row as the UPDATE leaves it: these are the bytes every attempt sends);
 *  - the ledger (ledger/batch-postings.ts): each wallet moved once by the sum of its
 *    rows' legs, the legs themselves, only for rows updated.
 * Everything commits with the caller's transaction. The counts written are checked, and
 * any difference throws (the caller's transaction rolls back, nothing half-applied).
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
        returning t.id, t.merchant_id, t.mode, t.status, t.failure_reason),
      ev as (
        insert into transaction_events (id, transaction_id, from_status, to_status, reason, created_at)
        select i.event_id, u.id, 'pending', u.status, u.failure_reason, p.now from u join i on i.id = u.id, p
        returning 1),
      ob as (
        insert into webhook_events (id, merchant_id, mode, transaction_id, kind, status, body, state, next_attempt_at)
        select i.webhook_event_id, u.merchant_id, u.mode, u.id, 'status_change', u.status::text, i.body, 'pending', now() from u join i on i.id = u.id
        returning 1),
      ${outcomeTransfersCtes("(select legs from p)", "(select wallets from p)", "u", "(select now from p)")}
    select coalesce((select json_agg(id) from u), '[]'::json)::text as ids,
           (select count(*) from ev)::int as events, (select count(*) from ob)::int as outbox,
           (select count(*) from ole)::int as legs, (select count(*) from ow)::int as wallets`);

/** Applies the outcomes; returns the ids of the transactions whose status changed (the others were no longer pending). */
export async function applyOutcomes(tx: Tx, items: OutcomeItem[], now: Date): Promise<string[]> {
  if (!items.length) return [];
  const rows = items.map(({ transaction: t, outcome, reason }) => {
    const failureReason = outcome === "successful" ? null : reason;
    // The row as the UPDATE leaves it: what applyOutcome's enqueue reads from RETURNING.
    const after: Transaction = { ...t, status: outcome, pendingOutcome: null, nextCheckAt: null, failureReason, completedAt: now, updatedAt: now };
    return {
      id: t.id,
      status: outcome,
      failure_reason: failureReason,
      event_id: newId("transactionEvent"),
      webhook_event_id: newId("webhookEvent"),
      body: JSON.stringify(webhookPayload(after)),
    };
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
  const [r] = Array.isArray(result) ? result : result.rows;
  const ids = JSON.parse(String(r.ids)) as string[];

  // What must have been written for the rows updated; anything else is a bug: roll back.
  let expectedLegs = 0;
  const touched = new Set<string>();
  for (const id of ids) {
    const e = expected.get(id)!;
    expectedLegs += e.legs;
    if (e.wallet) touched.add(e.wallet);
  }
  const written = { events: Number(r.events), outbox: Number(r.outbox), legs: Number(r.legs), wallets: Number(r.wallets) };
  if (written.events !== ids.length || written.outbox !== ids.length || written.legs !== expectedLegs || written.wallets !== touched.size) {
    throw new Error(`set-based outcomes wrote ${JSON.stringify(written)} for ${ids.length} rows (${expectedLegs} legs, ${touched.size} wallets expected)`);
  }
  const byId = new Map(items.map((i) => [i.transaction.id, i]));
  for (const id of ids) {
    const item = byId.get(id)!;
    countFinished(item.transaction, item.outcome, now);
  }
  return ids;
}
