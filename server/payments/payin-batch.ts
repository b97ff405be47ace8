import type { Database } from "../db/client";
import { withSpan } from "../observability/tracing";
import { isConnectionError, isDuplicateTransaction } from "../db/resilience";
import { currentDeadline, withDeadline } from "../db/deadline";
import { columnNames, decodeColumns, jsonInsert, jsonRows, rawClient, type RawClient } from "../db/raw";
import { idempotencyKeys, transactions } from "../db/schema";
import { PAYIN_VIEW_COLUMNS, type PayinViewRow } from "./api-views";
import { newId } from "../ids";
import type { IdempotencyScope } from "./idempotency";
import { rowFromValues } from "./payout-batch";
import { insertCreatedEventsSql } from "./transitions";

/**
 * Group commit for payins (issue 13), as payout-batch.ts does for payouts. Payins
 * share no row, so nothing serialises them in the database; what costs is one COMMIT
 * (one WAL flush, one round trip) per payin. Here concurrent creations of this process
 * wait while up to MAX_FLUSHES flushes are running and go together in the next one: ONE
 * statement (data-modifying CTEs, rows travelling as JSON) that inserts the payins, their
 * "Created" timeline rows and their Idempotency-Key records, i.e. one commit for all.
 * A flush starts at the end of the event-loop turn that queued its first payin
 * (setImmediate): the requests whose bytes arrived in the same turn go with it instead
 * of the first going alone (64 connections on the loaded 2 cores: ~8 payins a flush
 * before, ~17 after). A lone request waits no timer, only for the turn to end.
 *
 * Each request is answered only after the statement holding its row committed. An
 * Idempotency-Key taken meanwhile (committed by another process, or earlier in this
 * batch) comes back as "idempotent": the caller replays the recorded response (or 409),
 * as createOnce() did. Errors are each request's own: a batch that fails for another
 * reason than the connection is retried one payin at a time; a connection error (the
 * COMMIT outcome unknown) reaches every waiter, whose createResolvingAmbiguity() reads
 * its own row back (db/resilience.ts).
 */
export interface PayinInsert {
  values: typeof transactions.$inferInsert & { id: string };
  idem: IdempotencyScope | null;
  /** The response body stored with the Idempotency-Key (the view of the row). */
  responseOf(row: PayinViewRow): object;
}

/** `row`: the stored payin's columns that its response shows (PAYIN_VIEW_COLUMNS), as drizzle decodes them. */
export type PayinInsertOutcome = { kind: "created"; row: PayinViewRow } | { kind: "idempotent" };

interface Waiting {
  item: PayinInsert;
  resolve(outcome: PayinInsertOutcome): void;
  reject(err: unknown): void;
  /** The request's deadline (server/db/deadline.ts), if any. */
  deadline?: number;
}

/** Rows per flush (well under PostgreSQL's limits; one JSON parameter per table). */
const MAX_BATCH = 256;
/**
 * Flushes in the air at once: one commits while the next gathers. More only splits the
 * same requests into smaller batches (measured on 2 cores).
 */
const MAX_FLUSHES = 2;

interface Queue {
  waiting: Waiting[];
  flushing: number;
  /** A drain is scheduled for the end of this turn. */
  scheduled: boolean;
}
const KEY = Symbol.for("sika.payinBatches");
const g = globalThis as unknown as { [KEY]?: Map<Database, Queue> };
const queues = (g[KEY] ??= new Map());

const stats = { flushes: 0, payins: 0, largest: 0 };
/** Counters for benchmarks and tests (this process): flushes, payins, largest batch. */
export function payinBatchStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** Null when this database handle has no raw client (the caller takes its drizzle path). */
export function insertPayinBatched(db: Database, item: PayinInsert): Promise<PayinInsertOutcome> | null {
  if (!rawClient(db)) return null;
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], flushing: 0, scheduled: false };
    queues.set(db, queue);
  }
  const q = queue;
  const deadline = currentDeadline();
  const promise = new Promise<PayinInsertOutcome>((resolve, reject) => q.waiting.push({ item, resolve, reject, deadline }));
  if (q.flushing < MAX_FLUSHES && !q.scheduled) {
    q.scheduled = true;
    setImmediate(() => {
      q.scheduled = false;
      if (q.flushing < MAX_FLUSHES) void drain(db, q);
    });
  }
  return promise;
}

async function drain(db: Database, q: Queue): Promise<void> {
  q.flushing++;
  try {
    while (q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      await underDeadlineOf(batch, () => flushWithFallback(db, batch));
    }
  } finally {
    q.flushing--;
  }
}

/**
 * A flush runs under the earliest deadline of its own payins, not in the context of the
 * request that started the drain: under sustained load a drain loops for seconds, and
 * its later flushes found that first request's deadline long past (pool wait budget
 * gone: "no connection in time", a 503 for fresh requests; seen in the fault test).
 */
function underDeadlineOf<T>(batch: Waiting[], fn: () => Promise<T>): Promise<T> {
  return withDeadline(Math.min(...batch.map((w) => w.deadline ?? Infinity)), fn);
}

class KeyRace extends Error {}

async function flushWithFallback(db: Database, batch: Waiting[]): Promise<void> {
  stats.flushes++;
  stats.payins += batch.length;
  stats.largest = Math.max(stats.largest, batch.length);
  let outcomes: PayinInsertOutcome[];
  try {
    // One span per group commit (tracing on): the statement batch, its size, its payins.
    const items = batch.map((w) => w.item);
    outcomes = await withSpan("db payin group commit", () => ({ "db.operation.batch.size": items.length, "sika.transaction_ids": items.map((i) => i.values.id) }), () => flushRetrying(rawClient(db)!, items));
  } catch (err) {
    if (batch.length === 1 || isAmbiguous(err)) {
      for (const w of batch) w.reject(err);
      return;
    }
    // One bad payin must not fail the others: each alone, so the error stays its own.
    for (const w of batch) await underDeadlineOf([w], () => flushWithFallback(db, [w]));
    return;
  }
  batch.forEach((w, i) => w.resolve(outcomes[i]));
}

/** Connection errors and duplicate ids: every waiter reads its own row back. */
function isAmbiguous(err: unknown): boolean {
  return isConnectionError(err) || isDuplicateTransaction(err);
}

async function flushRetrying(raw: RawClient, items: PayinInsert[]): Promise<PayinInsertOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Without keys the one statement is its own transaction; with keys a key recorded
      // meanwhile must roll the whole statement back, so it runs in BEGIN/COMMIT.
      if (!items.some((i) => i.idem)) return await flushRaw(raw, items);
      return await raw.transaction((q) => flushRaw(q, items));
    } catch (err) {
      if (!(err instanceof KeyRace) || attempt >= 3) throw err;
    }
  }
}

const IDEM_KEYS = ["merchantId", "mode", "scope", "key", "requestHash", "responseStatus", "responseBody"];
const TAKEN_SQL = `
  select k.merchant_id, k.mode::text as mode, k.key from idempotency_keys k
    join json_to_recordset($1::json) as x(merchant_id text, mode text, key text)
      on k.merchant_id = x.merchant_id and k.mode::text = x.mode and k.key = x.key
   where k.scope = 'payin'`;
const statements = new Map<string, string>();
// Only what the response shows comes back: the row is ours, its other columns are the values sent.
const RETURNED = columnNames(transactions, [...PAYIN_VIEW_COLUMNS]).map((c) => `t.${c}`).join(", ");

function writeStatement(txKeys: string[]): string {
  const signature = txKeys.join(",");
  let text = statements.get(signature);
  if (!text) {
    text = `
      with t as (${jsonInsert(transactions, "transactions", txKeys, 1)} returning *),
      ev as (
        ${insertCreatedEventsSql("json_to_recordset($2::json) as e(id text, transaction_id text) join t on t.id = e.transaction_id", "e.id")}),
      ik as (${jsonInsert(idempotencyKeys, "idempotency_keys", IDEM_KEYS, 3)} on conflict do nothing returning 1)
      select ${RETURNED}, (select count(*) from ik)::int as "__keys" from t`;
    statements.set(signature, text);
  }
  return text;
}

const idemId = (s: { merchantId: string; mode: string; key: string }) => `${s.merchantId}\u0001${s.mode}\u0001${s.key}`;

async function flushRaw(q: RawClient, items: PayinInsert[]): Promise<PayinInsertOutcome[]> {
  const outcomes: PayinInsertOutcome[] = new Array(items.length);
  const keyedAll = items.filter((i) => i.idem);
  const taken = new Set<string>();
  if (keyedAll.length) {
    const rows = await q.query(TAKEN_SQL, [JSON.stringify(keyedAll.map((i) => ({ merchant_id: i.idem!.merchantId, mode: i.idem!.mode, key: i.idem!.key })))]);
    for (const r of rows) taken.add(idemId({ merchantId: r.merchant_id as string, mode: r.mode as string, key: r.key as string }));
  }
  const chosen: PayinInsert[] = [];
  const chosenAt: number[] = [];
  items.forEach((item, i) => {
    if (item.idem) {
      const id = idemId(item.idem);
      if (taken.has(id)) {
        outcomes[i] = { kind: "idempotent" };
        return;
      }
      taken.add(id); // a later request of this batch with the same key replays this one
    }
    chosen.push(item);
    chosenAt.push(i);
  });
  if (!chosen.length) return outcomes;

  const txKeys = Object.keys(chosen[0].values);
  const keyed = chosen.filter((i) => i.idem);
  const rows = await q.query(writeStatement(txKeys), [
    jsonRows(transactions, txKeys, chosen.map((i) => i.values)),
    JSON.stringify(chosen.map((i) => ({ id: newId("transactionEvent"), transaction_id: i.values.id }))),
    jsonRows(
      idempotencyKeys,
      IDEM_KEYS,
      keyed.map((i) => ({ ...i.idem!, responseStatus: 200, responseBody: i.responseOf(rowFromValues(i.values)) })),
    ),
  ]);
  if (rows.length !== chosen.length) throw new Error(`payin batch wrote ${rows.length} of ${chosen.length}`);
  // A key recorded since our look: roll everything back and decide again with it in view.
  if (rows[0].__keys !== keyed.length) throw new KeyRace();
  const byId = new Map(rows.map((r) => [r.id as string, decodeColumns<PayinViewRow>(transactions, r, PAYIN_VIEW_COLUMNS)]));
  for (const i of keyed) {
    const stored = JSON.stringify(i.responseOf(rowFromValues(i.values)));
    if (stored !== JSON.stringify(i.responseOf(byId.get(i.values.id)!))) throw new Error(`payin ${i.values.id}: stored response differs from the row`);
  }
  chosenAt.forEach((at) => (outcomes[at] = { kind: "created", row: byId.get(items[at].values.id)! }));
  return outcomes;
}
