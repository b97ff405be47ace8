import type { Database } from "../db/client";
import { jsonRows, rawClient, type RawClient } from "../db/raw";
import { ledgerEntries, type transactions } from "../db/schema";
import { LEDGER_ENTRY_KEYS, payoutReserveLegs, reserveBatchCtes } from "../ledger/batch-postings";
import { WalletGone } from "../ledger/wallets";
import type { Minor } from "../money";
import { errorSummary, isConnectionError, isDuplicateTransaction, isNotSent, readBackTransactions, serviceUnavailable } from "../db/resilience";
import { coalescer, type Settled } from "../db/coalesce";
import { currentDeadline, READ_BACK_RESERVE_MS } from "../db/deadline";
import { logger } from "../logger";
import type { IdempotencyScope } from "./idempotency";
import { PAYOUT_VIEW_COLUMNS, type PayoutViewRow } from "./api-views";
import { writeCreation } from "./batch-statement";
import { KeyRace, idemId, keysParam, retryOnKeyRace, sharesKey, takenKeysSql } from "./batch-idempotency";

/**
 * Payout reservations, batched per wallet. Every payout debits its merchant's wallet
 * row; one transaction per payout serialises them all on that row's lock (~1,500/s at
 * best on PostgreSQL, whatever the number of cores). Here concurrent payouts of one
 * wallet in this process wait while a flush is running and then go together in the
 * next one: ONE database transaction that writes them all with one wallet UPDATE for the
 * sum and multi-row INSERTs of the payouts, their first timeline rows, their ledger legs
 * (one transfer per payout, as postTransfer writes them) and their Idempotency-Key
 * records. When nothing else is waiting a flush holds one payout, so a lone request is
 * not delayed.
 *
 * The common case, a wallet that covers the whole batch and no key taken, is ONE write
 * statement, its own transaction, whose wallet UPDATE (`available >= sum`, under the row
 * lock) guards every insert (writeAtOnce): one round trip. Otherwise the batch looks first:
 * it locks the wallet, reads the taken keys, decides in arrival order which payouts fit
 * (each refused one individually, with the balance left at its turn) and writes those
 * with the same statement (flushRaw). Measured on 2 cores: the look's two round trips
 * (and the statement timeout's own) were a third of a flush, each waiting on an event
 * loop busy answering the previous batch.
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
  responseOf(row: PayoutViewRow): object;
}

export type ReservationOutcome =
  | { kind: "created"; row: PayoutViewRow }
  /** The wallet could not cover it; `available` is what was left at its turn. */
  | { kind: "insufficient"; available: Minor }
  /** Its Idempotency-Key is taken (committed earlier, or earlier in this batch): replay it. */
  | { kind: "idempotent" };

/**
 * A payout still queued this close to its request's deadline gets its 503 (nothing of it
 * was sent): its own flush, and a read-back if that flush's COMMIT is unknown, need this long.
 */
const FLUSH_RESERVE_MS = 2_000;

/**
 * Per wallet, one flush at a time (in this process), started at once: a lone payout is
 * not delayed. Measured: letting a second flush wait on the row lock in PostgreSQL, to
 * hide its BEGIN and SELECT round trips, made batches smaller and throughput lower on 2
 * cores (2,650/s against 2,950/s). Rows per flush: 200, well under PostgreSQL's 65,535
 * parameters. The queueing, deadlines and fallback are the house's one batcher
 * (server/db/coalesce.ts); each batch runs under the earliest deadline of its payouts.
 */
const payouts = coalescer<string, { db: Database; item: PayoutReservation }, ReservationOutcome>({
  name: "payoutBatches",
  maxBatch: 200,
  maxRunning: 1,
  start: "now",
  run: async (walletId, batch) => {
    const started = performance.now();
    const outcomes = await flushRetrying(batch[0].db, walletId, batch.map((b) => b.item));
    flushMs += performance.now() - started;
    return outcomes;
  },
  recover: (_walletId, batch, err) => {
    // No connection to be had: nothing was sent, 503.
    if (isNotSent(err)) {
      logger().warn({ payouts: batch.length, err: errorSummary(err) }, "payout batch: no connection in time, 503 (nothing sent)");
      return Promise.resolve(batch.map(() => ({ ok: false as const, error: serviceUnavailable() })));
    }
    // The connection died (maybe around the COMMIT), or a retry found its own payout
    // already stored: what happened is read back, never guessed (issue 16).
    if (isConnectionError(err) || isDuplicateTransaction(err)) return resolveByReadBack(batch[0].db, batch.map((b) => b.item), err);
    return null;
  },
  // One bad payout must not fail the others: each alone, so the error stays its own.
  splitOnError: () => true,
  giveUp: {
    beforeDeadlineMs: FLUSH_RESERVE_MS,
    error: (walletId, waitedMs) => {
      logger().warn({ walletId, waitedMs }, "payout: no flush in time for the request deadline, 503 (nothing sent)");
      return serviceUnavailable();
    },
  },
});
let flushMs = 0;

/** Counters for benchmarks and diagnostics (this process): flushes, payouts, largest batch. */
export function payoutBatchStats(): Readonly<{ flushes: number; payouts: number; largest: number; flushMs: number }> {
  const s = payouts.stats();
  return { flushes: s.batches, payouts: s.items, largest: s.largest, flushMs };
}

/** Reserves the payout's charged_amount on `walletId`, together with whatever else is waiting. */
export function reservePayoutBatched(db: Database, walletId: string, item: PayoutReservation): Promise<ReservationOutcome> {
  return payouts.push(walletId, { db, item });
}

/**
 * A flush whose outcome is unknown: its payouts as stored (created, with the row as the
 * database holds it), or 503 for those that are not (the whole batch is one database
 * transaction, so it is all or nothing; a keyed client's retry replays a stored one).
 */
async function resolveByReadBack(db: Database, items: PayoutReservation[], cause: unknown): Promise<Settled<ReservationOutcome>[]> {
  const stored = await readBackTransactions(db, items.map((i) => i.values.id));
  logger().warn({ payouts: items.length, stored: stored.size, err: errorSummary(cause) }, "payout batch outcome resolved by read-back");
  return items.map((i) => {
    const row = stored.get(i.values.id);
    return row ? { ok: true as const, value: { kind: "created" as const, row } } : { ok: false as const, error: serviceUnavailable() };
  });
}

async function flushRetrying(db: Database, walletId: string, items: PayoutReservation[]): Promise<ReservationOutcome[]> {
  const raw = rawClient(db);
  // Both drivers (postgres-js, PGlite) give a Database its raw client; a batch never runs inside a drizzle transaction.
  if (!raw) throw new Error("payout batch: this database handle has no raw client");
  // First at once (no look), unless two of the batch share a key.
  if (!sharesKey(items)) {
    try {
      const done = await writeAtOnce(raw, walletId, items);
      if (done) return done;
    } catch (err) {
      if (!(err instanceof KeyRace)) throw err;
    }
  }
  // The look, in a transaction. The wait for the wallet's lock (a lifecycle group or
  // another process holding it) ends in time for the request's deadline: a statement
  // timeout aborts this transaction, the payouts get their 503 (after a read-back)
  // instead of an answer past 5 s.
  const deadline = currentDeadline();
  const timeoutMs = () => (deadline !== undefined && Number.isFinite(deadline) ? Math.max(100, deadline - Date.now() - READ_BACK_RESERVE_MS) : undefined);
  return retryOnKeyRace(() => raw.transaction((q) => flushRaw(q, walletId, items), { statementTimeoutMs: timeoutMs() }));
}

/**
 * The common case in one round trip: every payout of the batch taken by ONE statement,
 * its own transaction (no BEGIN, no COMMIT), the wallet's UPDATE (only if it covers the
 * sum, and only if no other transaction holds the wallet: SKIP LOCKED, so it waits for
 * nothing) guarding every insert. Measured under load on 2 cores, a flush in BEGIN,
 * statement, COMMIT spent more time waiting for the busy event loop to take the
 * answers of BEGIN and COMMIT than PostgreSQL spent on the statement. Null when nothing
 * was written (the wallet could not cover them all, or was held): the look decides one by
 * one. A key found taken fails the statement (KeyRace), nothing written: the look again.
 */
async function writeAtOnce(q: RawClient, walletId: string, items: PayoutReservation[]): Promise<ReservationOutcome[] | null> {
  const rows = await write(q, walletId, items);
  if (!rows) return null;
  return items.map((i) => ({ kind: "created" as const, row: rows.get(i.values.id)! }));
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

// The wallet's lock and the batch's taken keys (batch-idempotency.ts: scope included) in one round trip.
const LOCK_SQL = `
  select w.available::text as available,
         coalesce((select json_agg(json_build_object('merchant_id', k.merchant_id, 'mode', k.mode, 'scope', k.scope, 'key', k.key))
                     from (${takenKeysSql(2)}) k), '[]'::json) as taken
    from wallets w where w.id = $1 for update of w`;

/**
 * Every write of a batch in one statement (batch-statement.ts): the wallet UPDATE for the
 * sum (only if it covers it, and only if no other transaction holds the wallet) and the
 * ledger legs ahead, guarding the payouts, their "Created" timeline rows and their
 * Idempotency-Key records. Both paths (at once, after the look) write with it.
 */
const WALLET_CTES = reserveBatchCtes({ total: 3, now: 4, walletId: 5, legs: 6 });

/** Writes `chosen` (all of them or nothing): their rows by id, or null when the wallet did not cover their sum (or was held). */
function write(q: RawClient, walletId: string, chosen: PayoutReservation[]): Promise<Map<string, PayoutViewRow> | null> {
  const total = chosen.reduce((sum, i) => sum + i.values.chargedAmount, 0n);
  const legs = chosen.flatMap((i) => payoutReserveLegs({ id: i.values.id, merchantId: i.values.merchantId, mode: i.values.mode, currency: i.values.currency, chargedAmount: i.values.chargedAmount }, walletId));
  return writeCreation<PayoutViewRow>(q, chosen, {
    what: `payout batch on ${walletId}`,
    view: PAYOUT_VIEW_COLUMNS,
    before: WALLET_CTES,
    guard: "where exists (select 1 from w)",
    params: [total.toString(), new Date().toISOString(), walletId, jsonRows(ledgerEntries, LEDGER_ENTRY_KEYS, legs)],
  });
}

/** The look: the wallet locked and the taken keys read, each payout decided in arrival order, the accepted ones written. */
async function flushRaw(q: RawClient, walletId: string, items: PayoutReservation[]): Promise<ReservationOutcome[]> {
  const keys = items.flatMap((i) => (i.idem ? [i.idem] : []));
  const [lock] = await q.query(LOCK_SQL, [walletId, keysParam(keys)]);
  if (!lock) throw new WalletGone(`wallet ${walletId} not found`);
  type Taken = { merchant_id: string; mode: IdempotencyScope["mode"]; scope: IdempotencyScope["scope"]; key: string };
  const taken = new Set((lock.taken as Taken[]).map((k) => idemId({ merchantId: k.merchant_id, mode: k.mode, scope: k.scope, key: k.key })));
  const { outcomes, accepted } = decide(items, BigInt(lock.available as string), taken);
  if (!accepted.length) return outcomes;
  const byId = await write(q, walletId, accepted.map((i) => items[i]));
  // The wallet is locked and covers the accepted ones: a write that moved nothing is a defect.
  if (!byId) throw new Error(`payout batch on ${walletId}: the locked wallet did not cover what it was decided to cover`);
  accepted.forEach((i) => (outcomes[i] = { kind: "created", row: byId.get(items[i].values.id)! }));
  return outcomes;
}
