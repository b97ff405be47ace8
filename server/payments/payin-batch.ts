import type { Database } from "../db/client";
import { withSpan } from "../observability/tracing";
import { isConnectionError, isDuplicateTransaction } from "../db/resilience";
import { coalescer } from "../db/coalesce";
import { rawClient, type RawClient } from "../db/raw";
import type { transactions } from "../db/schema";
import { PAYIN_VIEW_COLUMNS, type PayinViewRow } from "./api-views";
import type { IdempotencyScope } from "./idempotency";
import { writeCreation } from "./batch-statement";
import { KeyRace, idemId, retryOnKeyRace, sharesKey, takenKeys } from "./batch-idempotency";

/**
 * Group commit for payins (issue 13), as payout-batch.ts does for payouts. Payins
 * share no row, so nothing serialises them in the database; what costs is one COMMIT
 * (one WAL flush, one round trip) per payin. Here concurrent creations of this process
 * wait while up to two flushes are running and go together in the next one: ONE
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
 * (the batch is the only writer of a payin, issue 26). Errors are each request's own: a batch that fails for another
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

/**
 * Rows per flush: 256 (well under PostgreSQL's limits; one JSON parameter per table).
 * Flushes in the air at once: 2, one commits while the next gathers; more only splits
 * the same requests into smaller batches (measured on 2 cores). The queueing, deadlines
 * and fallback are the house's one batcher (server/db/coalesce.ts).
 */
const payins = coalescer<Database, PayinInsert, PayinInsertOutcome>({
  name: "payinBatches",
  maxBatch: 256,
  maxRunning: 2,
  // One span per group commit (tracing on): the statement batch, its size, its payins.
  run: (db, items) =>
    withSpan("db payin group commit", () => ({ "db.operation.batch.size": items.length, "sika.transaction_ids": items.map((i) => i.values.id) }), () => flushRetrying(rawClient(db)!, items)),
  // A connection error or a duplicate id reaches every waiter (each reads its own row
  // back); any other error: each payin alone, so the error stays its own.
  splitOnError: (err) => !isAmbiguous(err),
});

/** Counters for benchmarks and tests (this process): flushes, payins, largest batch. */
export function payinBatchStats(): Readonly<{ flushes: number; payins: number; largest: number }> {
  const s = payins.stats();
  return { flushes: s.batches, payins: s.items, largest: s.largest };
}

/** The one way a payin is inserted (issue 26). Both drivers (postgres-js, PGlite) give a Database its raw client. */
export function insertPayinBatched(db: Database, item: PayinInsert): Promise<PayinInsertOutcome> {
  if (!rawClient(db)) return Promise.reject(new Error("payin batch: this database handle has no raw client"));
  return payins.push(db, item);
}

/** Connection errors and duplicate ids: every waiter reads its own row back. */
function isAmbiguous(err: unknown): boolean {
  return isConnectionError(err) || isDuplicateTransaction(err);
}

/**
 * The one statement is its own transaction (one round trip), keys or not: a key recorded
 * since the request's replay check fails it whole (KeyRace), and the batch then looks at
 * its keys first, in BEGIN/COMMIT, as it does when two of its payins share a key.
 */
async function flushRetrying(raw: RawClient, items: PayinInsert[]): Promise<PayinInsertOutcome[]> {
  if (!sharesKey(items)) {
    try {
      return await writeChosen(raw, items, items.map((_, i) => i), new Array(items.length));
    } catch (err) {
      if (!(err instanceof KeyRace)) throw err;
    }
  }
  return retryOnKeyRace(() => raw.transaction((q) => flushRaw(q, items)));
}


/** The look: the batch's taken keys read, each payin decided in arrival order, the others written. */
async function flushRaw(q: RawClient, items: PayinInsert[]): Promise<PayinInsertOutcome[]> {
  const outcomes: PayinInsertOutcome[] = new Array(items.length);
  const keyedAll = items.filter((i) => i.idem);
  const taken = await takenKeys(q, keyedAll.map((i) => i.idem!));
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
    chosenAt.push(i);
  });
  if (!chosenAt.length) return outcomes;
  return writeChosen(q, items, chosenAt, outcomes);
}

/** Writes items[chosenAt] in one statement; their outcomes "created". KeyRace when a key was taken meanwhile. */
async function writeChosen(q: RawClient, items: PayinInsert[], chosenAt: number[], outcomes: PayinInsertOutcome[]): Promise<PayinInsertOutcome[]> {
  const chosen = chosenAt.map((i) => items[i]);
  const byId = await writeCreation<PayinViewRow>(q, chosen, { what: "payin batch", view: PAYIN_VIEW_COLUMNS });
  if (!byId) throw new Error(`payin batch wrote 0 of ${chosen.length}`);
  chosenAt.forEach((at) => (outcomes[at] = { kind: "created", row: byId.get(items[at].values.id)! }));
  return outcomes;
}
