import { getTableColumns } from "drizzle-orm";
import type { Database } from "../db/client";
import { decodeRow, jsonInsert, jsonRows, rawClient, type RawClient } from "../db/raw";
import { idempotencyKeys, ledgerEntries, transactions, type Transaction } from "../db/schema";
import { LEDGER_ENTRY_KEYS, payoutReserveLegs, reserveBatchCtes } from "../ledger/batch-postings";
import { newId } from "../ids";
import type { Minor } from "../money";
import { errorSummary, isConnectionError, isDuplicateTransaction, isNotSent, readBackTransactions, serviceUnavailable } from "../db/resilience";
import { currentDeadline, READ_BACK_RESERVE_MS, requestDeadlineMs, withDeadline } from "../db/deadline";
import { logger } from "../logger";
import type { IdempotencyScope } from "./idempotency";
import { insertCreatedEventsSql } from "./transitions";

/**
 * Payout reservations, batched per wallet. Every payout debits its merchant's wallet
 * row; one transaction per payout serialises them all on that row's lock (~1,500/s at
 * best on PostgreSQL, whatever the number of cores). Here concurrent payouts of one
 * wallet in this process wait while a flush is running and then go together in the
 * next one: ONE database transaction that locks the wallet, decides in arrival order
 * which payouts fit (each refused one individually, with the balance left at its turn),
 * and writes them all with one wallet UPDATE for the sum and multi-row INSERTs of the
 * payouts, their first timeline rows, their ledger legs (one transfer per payout, as
 * postTransfer writes them) and their Idempotency-Key records. When nothing else is
 * waiting a flush holds one payout, so a lone request is not delayed.
 *
 * What each request sees is what the one-at-a-time path gave: the created payout (its
 * row as returned by the INSERT), 400 insufficient balance, or the replay / 409 of an
 * Idempotency-Key that another request holds (decided before any money is counted).
 */
export interface PayoutReservation {
  /** The payout row to insert (status pending). */
  values: typeof transactions.$inferInsert & { id: string; chargedAmount: Minor };
  idem: IdempotencyScope | null;
  /** The response body stored with the Idempotency-Key (the 2.2 view of the row). */
  responseOf(row: Transaction): object;
}

export type ReservationOutcome =
  | { kind: "created"; row: Transaction }
  /** The wallet could not cover it; `available` is what was left at its turn. */
  | { kind: "insufficient"; available: Minor }
  /** Its Idempotency-Key is taken (committed earlier, or earlier in this batch): replay it. */
  | { kind: "idempotent" };

interface Waiting {
  item: PayoutReservation;
  resolve(outcome: ReservationOutcome): void;
  reject(err: unknown): void;
  /** The request's deadline (server/db/deadline.ts), if any. */
  deadline?: number;
  /** Gives up waiting for a flush (503, nothing sent) in time for the deadline. */
  timer?: NodeJS.Timeout;
}

/**
 * A payout still queued this close to its request's deadline gets its 503 (nothing of it
 * was sent): its own flush, and a read-back if that flush's COMMIT is unknown, need this long.
 */
const FLUSH_RESERVE_MS = 2_000;

interface WalletQueue {
  waiting: Waiting[];
  flushing: boolean;
}

/** Rows per flush: keeps statements well under PostgreSQL's 65,535 parameters. */
const MAX_BATCH = 200;
const KEY = Symbol.for("sika.payoutBatches");
const g = globalThis as unknown as { [KEY]?: Map<string, WalletQueue> };
const queues = (g[KEY] ??= new Map());

/** Counters for benchmarks and diagnostics (this process): flushes, payouts, largest batch. */
const stats = { flushes: 0, payouts: 0, largest: 0, flushMs: 0 };
export function payoutBatchStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** An Idempotency-Key insert found the key taken after our check: run the flush again. */
class KeyRace extends Error {}

const idemId = (s: IdempotencyScope) => `${s.merchantId}\u0001${s.mode}\u0001${s.scope}\u0001${s.key}`;

/** Reserves the payout's charged_amount on `walletId`, together with whatever else is waiting. */
export function reservePayoutBatched(db: Database, walletId: string, item: PayoutReservation): Promise<ReservationOutcome> {
  let q = queues.get(walletId);
  if (!q) {
    q = { waiting: [], flushing: false };
    queues.set(walletId, q);
  }
  const queue = q;
  const deadline = currentDeadline();
  const promise = new Promise<ReservationOutcome>((resolve, reject) => {
    const w: Waiting = { item, resolve, reject, deadline };
    if (deadline !== undefined) {
      w.timer = setTimeout(() => {
        const i = queue.waiting.indexOf(w);
        if (i < 0) return;
        queue.waiting.splice(i, 1);
        logger().warn({ walletId, waitedMs: Date.now() - (deadline - requestDeadlineMs()) }, "payout: no flush in time for the request deadline, 503 (nothing sent)");
        reject(serviceUnavailable());
      }, Math.max(0, deadline - FLUSH_RESERVE_MS - Date.now()));
      w.timer.unref();
    }
    queue.waiting.push(w);
  });
  if (!queue.flushing) void drain(db, walletId, queue);
  return promise;
}

/**
 * One flush at a time per wallet (in this process). Measured: letting a second flush
 * wait on the row lock in PostgreSQL, to hide its BEGIN and SELECT round trips, made
 * batches smaller and throughput lower on 2 cores (2,650/s against 2,950/s).
 */
async function drain(db: Database, walletId: string, q: WalletQueue): Promise<void> {
  q.flushing = true;
  try {
    while (q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      for (const w of batch) clearTimeout(w.timer);
      await flushWithFallback(db, walletId, batch);
    }
  } finally {
    q.flushing = false;
    if (q.waiting.length) void drain(db, walletId, q);
    else queues.delete(walletId);
  }
}

/** A flush runs under the earliest deadline of its payouts, not that of the request that started the drain. */
function flushWithFallback(db: Database, walletId: string, batch: Waiting[]): Promise<void> {
  const deadline = Math.min(...batch.map((w) => w.deadline ?? Infinity));
  return withDeadline(deadline, () => flushOnce(db, walletId, batch));
}

async function flushOnce(db: Database, walletId: string, batch: Waiting[]): Promise<void> {
  let outcomes: ReservationOutcome[];
  const started = performance.now();
  stats.flushes++;
  stats.payouts += batch.length;
  stats.largest = Math.max(stats.largest, batch.length);
  try {
    outcomes = await flushRetrying(db, walletId, batch.map((w) => w.item));
    stats.flushMs += performance.now() - started;
  } catch (err) {
    // The connection died (maybe around the COMMIT), or a retry found its own payout
    // already stored: what happened is read back, never guessed (issue 16). No connection
    // to be had: nothing was sent, 503.
    if (isNotSent(err)) {
      logger().warn({ payouts: batch.length, err: errorSummary(err) }, "payout batch: no connection in time, 503 (nothing sent)");
      for (const w of batch) w.reject(serviceUnavailable());
      return;
    }
    if (isConnectionError(err) || isDuplicateTransaction(err)) return resolveByReadBack(db, batch, err);
    if (batch.length === 1) {
      batch[0].reject(err);
      return;
    }
    // One bad payout must not fail the others: each alone, so the error stays its own.
    for (const w of batch) await flushWithFallback(db, walletId, [w]);
    return;
  }
  batch.forEach((w, i) => w.resolve(outcomes[i]));
}

/**
 * A flush whose outcome is unknown: its payouts as stored (created, with the row as the
 * database holds it), or 503 for those that are not (the whole batch is one database
 * transaction, so it is all or nothing; a keyed client's retry replays a stored one).
 */
async function resolveByReadBack(db: Database, batch: Waiting[], cause: unknown): Promise<void> {
  let stored: Map<string, Transaction>;
  try {
    stored = await readBackTransactions(db, batch.map((w) => w.item.values.id));
  } catch (err) {
    for (const w of batch) w.reject(err);
    return;
  }
  logger().warn({ payouts: batch.length, stored: stored.size, err: errorSummary(cause) }, "payout batch outcome resolved by read-back");
  for (const w of batch) {
    const row = stored.get(w.item.values.id);
    if (row) w.resolve({ kind: "created", row });
    else w.reject(serviceUnavailable());
  }
}

async function flushRetrying(db: Database, walletId: string, items: PayoutReservation[]): Promise<ReservationOutcome[]> {
  const raw = rawClient(db);
  for (let attempt = 1; ; attempt++) {
    try {
      // Both drivers (postgres-js, PGlite) give a Database its raw client; a batch never runs inside a drizzle transaction.
      if (!raw) throw new Error("payout batch: this database handle has no raw client");
      return await raw.transaction((q) => flushRaw(q, walletId, items));
    } catch (err) {
      if (!(err instanceof KeyRace) || attempt >= 3) throw err;
    }
  }
}

/** Which payouts of the batch are taken, in arrival order (the wallet is locked). */
function decide(items: PayoutReservation[], available: Minor, taken: Set<string>): { outcomes: ReservationOutcome[]; accepted: number[] } {
  const outcomes: ReservationOutcome[] = new Array(items.length);
  const accepted: number[] = [];
  let left = available;
  items.forEach((item, i) => {
    const key = item.idem ? idemId(item.idem) : null;
    if (key && taken.has(key)) {
      outcomes[i] = { kind: "idempotent" };
      return;
    }
    if (item.values.chargedAmount > left) {
      // Refused: nothing recorded for its key, as one at a time (a retry may succeed later).
      outcomes[i] = { kind: "insufficient", available: left };
      return;
    }
    left -= item.values.chargedAmount;
    accepted.push(i);
    if (key) taken.add(key); // a later request of this batch with the same key replays this one
  });
  return { outcomes, accepted };
}

const IDEM_KEYS = ["merchantId", "mode", "scope", "key", "requestHash", "responseStatus", "responseBody"];
const LOCK_SQL = `
  select w.available::text as available,
         coalesce((select json_agg(k.key) from idempotency_keys k
                    where k.merchant_id = $2 and k.mode::text = $3 and k.scope = 'payout'
                      and k.key in (select json_array_elements_text($4::json))), '[]'::json) as taken
    from wallets w where w.id = $1 for update of w`;
const writeStatements = new Map<string, string>();

/**
 * Every write of an accepted batch in one statement (data-modifying CTEs), the rows
 * travelling as JSON: the payouts (returned), their "Created" timeline rows, the wallet
 * UPDATE for the sum, the ledger legs and the Idempotency-Key records.
 */
function writeStatement(txKeys: string[]): string {
  const signature = txKeys.join(",");
  let text = writeStatements.get(signature);
  if (!text) {
    text = `
      with t as (${jsonInsert(transactions, "transactions", txKeys, 1)} returning *),
      ev as (
        ${insertCreatedEventsSql("json_to_recordset($2::json) as e(id text, transaction_id text) join t on t.id = e.transaction_id", "e.id")}),
      ${reserveBatchCtes({ total: 3, now: 4, walletId: 5, legs: 6 })},
      ik as (${jsonInsert(idempotencyKeys, "idempotency_keys", IDEM_KEYS, 7)} on conflict do nothing returning 1)
      select t.*, (select count(*) from ik)::int as "__keys", (select count(*) from w)::int as "__wallets" from t`;
    writeStatements.set(signature, text);
  }
  return text;
}

async function flushRaw(q: RawClient, walletId: string, items: PayoutReservation[]): Promise<ReservationOutcome[]> {
  // The wait for the wallet's lock (a lifecycle group or another process holding it) ends
  // in time for the request's deadline: a statement timeout aborts this transaction, the
  // payouts get their 503 (after a read-back) instead of an answer past 5 s.
  const deadline = currentDeadline();
  if (deadline !== undefined && Number.isFinite(deadline)) {
    const ms = Math.max(100, deadline - Date.now() - READ_BACK_RESERVE_MS);
    await q.query(`select set_config('statement_timeout', $1, true)`, [String(ms)]);
  }
  const scopes = items.flatMap((i) => (i.idem ? [i.idem] : []));
  const s = scopes[0];
  const [lock] = await q.query(LOCK_SQL, [walletId, s?.merchantId ?? "", s?.mode ?? "", JSON.stringify(scopes.map((x) => x.key))]);
  if (!lock) throw new Error(`wallet ${walletId} not found`);
  const taken = new Set((lock.taken as string[]).map((key) => idemId({ ...s!, key })));
  const { outcomes, accepted } = decide(items, BigInt(lock.available as string), taken);
  if (!accepted.length) return outcomes;

  const chosen = accepted.map((i) => items[i]);
  const txKeys = Object.keys(chosen[0].values);
  const total = chosen.reduce((sum, i) => sum + i.values.chargedAmount, 0n);
  const legs = chosen.flatMap((i) => payoutReserveLegs({ ...i.values, mode: i.values.mode }, walletId));
  // The response stored with a key is the 2.2 view of the row as it will be returned.
  const keyed = chosen.filter((i) => i.idem);
  const rows = await q.query(writeStatement(txKeys), [
    jsonRows(transactions, txKeys, chosen.map((i) => i.values)),
    JSON.stringify(chosen.map((i) => ({ id: newId("transactionEvent"), transaction_id: i.values.id }))),
    total.toString(),
    new Date().toISOString(),
    walletId,
    jsonRows(ledgerEntries, LEDGER_ENTRY_KEYS, legs),
    jsonRows(
      idempotencyKeys,
      IDEM_KEYS,
      keyed.map((i) => ({ ...i.idem!, responseStatus: 200, responseBody: i.responseOf(rowFromValues(i.values)) })),
    ),
  ]);
  if (rows.length !== chosen.length || rows[0].__wallets !== 1) throw new Error(`payout batch on ${walletId} wrote ${rows.length} of ${chosen.length}`);
  // A key recorded since our look: roll everything back and decide again with it in view.
  if (rows[0].__keys !== keyed.length) throw new KeyRace();
  const byId = new Map(rows.map((r) => [r.id as string, decodeRow<Transaction>(transactions, r)]));
  for (const i of keyed) {
    const stored = JSON.stringify(i.responseOf(rowFromValues(i.values)));
    if (stored !== JSON.stringify(i.responseOf(byId.get(i.values.id)!))) throw new Error(`payout ${i.values.id}: stored response differs from the row`);
  }
  accepted.forEach((i) => (outcomes[i] = { kind: "created", row: byId.get(items[i].values.id)! }));
  return outcomes;
}

/**
 * The row the INSERT will return, from the values given (every column is given or
 * NULL; the database adds nothing), for the Idempotency-Key response written in the
 * same statement. Checked after the write: the stored and returned views are the same.
 */
export function rowFromValues(values: typeof transactions.$inferInsert): Transaction {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(transactions))) row[key] = (values as Record<string, unknown>)[key] ?? null;
  return row as unknown as Transaction;
}
