import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { newId } from "../ids";
import { env } from "../env";
import { logger } from "../logger";
import { withoutDeadline } from "../db/deadline";
import type { Mode } from "../db/schema";
import { copyWriterOf, type CopyWriter } from "./copy-rows";
import { emptyBatch, rowsOf, type LogBatch } from "./log-batch.mjs";

/**
 * The request log's writer (issue 23): entries queue in memory and go to the database in
 * one statement per batch (a COPY on PostgreSQL, copy-rows.ts; a multi-row insert on
 * PGlite), flushed by a timer (REQUEST_LOG_FLUSH_MS, 250 ms) or when 500 wait, also those
 * that arrived while the last batch was written. The
 * request path only pushes onto an array; redaction, JSON parsing and the insert happen
 * after the response has left, on the writer thread when there is one (the batch goes to
 * it as columns, log-batch.mjs). A batch that cannot be written is dropped with a
 * warning (the log is an aid, never a reason to slow or fail the API); the queue is
 * bounded so a database outage cannot grow memory without end.
 */
export interface RequestLogEntry {
  merchantId: string;
  mode: Mode;
  apiKeyId: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  clientAddress: string | null;
  requestText: string | undefined;
  /** The response's text, or a promise of it (a Next Response read from its clone). */
  responseText: string | Promise<string> | undefined;
  at: Date;
}

/** REQUEST_LOG_FLUSH_MS (250 by default): the longest an entry waits for a full batch. */
const flushMs = () => env().REQUEST_LOG_FLUSH_MS;
const FLUSH_SIZE = 500;
const MAX_QUEUED = 20_000;
const RESPONSE_WAIT_MS = 2_000;
const WRITE_WAIT_MS = 15_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    timer.unref?.();
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (err) => (clearTimeout(timer), reject(err)),
    );
  });
}

interface Queue {
  db: DbOrTx;
  entries: RequestLogEntry[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  dropped: number;
  /**
   * Entries at the head of the queue that a flush (the timer, flushRequestLogs) asked for:
   * they go without waiting for a full batch; what arrives after that flush waits.
   */
  due: number;
}

const queues = new Map<DbOrTx, Queue>();

/** Batches sent and their entries (this process), for benchmarks and tests. */
const written = { batches: 0, entries: 0, largest: 0 };
export function requestLogStats(): Readonly<{ batches: number; entries: number; largest: number; queued: number }> {
  let queued = 0;
  for (const q of queues.values()) queued += q.entries.length;
  return { ...written, queued };
}

export function enqueueRequestLog(db: DbOrTx, entry: RequestLogEntry): void {
  let q = queues.get(db);
  if (!q) {
    q = { db, entries: [], timer: null, writing: null, dropped: 0, due: 0 };
    queues.set(db, q);
  }
  if (q.entries.length >= MAX_QUEUED) {
    q.dropped++;
    return;
  }
  q.entries.push(entry);
  // A full batch starts a write (the loop sends batches while 500 wait); it asks for nothing more.
  if (q.entries.length >= FLUSH_SIZE) void flushOutsideRequest(q, false);
  else if (!q.timer) {
    const queue = q;
    q.timer = setTimeout(() => void flushOutsideRequest(queue), flushMs());
    q.timer.unref?.();
  }
}

/**
 * The enqueue runs inside a request, whose 4 s deadline (server/db/deadline.ts) a timer or a
 * promise started there would inherit: the batch's insert must not be cut by the deadline
 * of whichever request happened to trigger it.
 */
function flushOutsideRequest(q: Queue, all = true): Promise<void> {
  return withoutDeadline(() => flush(q, all));
}

/** `all` (the timer, flushRequestLogs): everything queued now goes, not only full batches. */
async function flush(q: Queue, all: boolean): Promise<void> {
  if (q.timer) {
    clearTimeout(q.timer);
    q.timer = null;
  }
  // One write at a time per database: a write in flight sends what is due after its batch.
  if (all) q.due = q.entries.length;
  if (q.writing) return q.writing;
  if (!q.entries.length) return;
  const run = writeAll(q);
  q.writing = run;
  return run;
}

async function writeAll(q: Queue): Promise<void> {
  // Yield first, so `q.writing` is set before the `finally` below clears it (a run that ended
  // synchronously used to leave a settled promise in `q.writing`: every later flush returned
  // it and nothing was written again).
  await Promise.resolve();
  try {
    // What arrived during a write waits for a full batch or its timer rather than going at
    // once in a small one: each batch is a message to the writer thread and a COPY, and
    // their fixed costs (the thread's wake-up, PostgreSQL's commit) are paid per batch.
    // What a flush asked for during the write (`due`) still goes right after it.
    while (q.entries.length && (q.due > 0 || q.entries.length >= FLUSH_SIZE)) {
      const batch = q.entries.splice(0, FLUSH_SIZE);
      q.due = Math.max(0, q.due - batch.length);
      written.batches++;
      written.entries += batch.length;
      written.largest = Math.max(written.largest, batch.length);
      // A write that never settles must not stall every batch behind it: after 15 s it is given up (logged).
      const done = await withTimeout(writeBatch(q.db, batch).then(() => true), WRITE_WAIT_MS);
      if (done === undefined) logger().warn({ entries: batch.length }, "request log batch timed out");
    }
  } finally {
    q.writing = null;
    if (q.dropped) {
      logger().warn({ dropped: q.dropped }, "request log queue full: entries dropped");
      q.dropped = 0;
    }
    // Entries that arrived as the last write finished get their own timer.
    if (q.entries.length && !q.timer) {
      q.timer = setTimeout(() => void flushOutsideRequest(q), flushMs());
      q.timer.unref?.();
    }
  }
}

/** Writes everything queued now (tests, shutdown); a write in flight sends it (`due`) before it settles. */
export async function flushRequestLogs(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => flushOutsideRequest(q)));
}

/** The response text: as is (both entries give a string today), or a promise waited for a bounded time. */
async function settledResponse(e: RequestLogEntry): Promise<string | undefined> {
  if (typeof e.responseText === "string" || e.responseText === undefined) return e.responseText;
  try {
    // A streamed response's clone resolves when the body has been read; one whose client went
    // away may never resolve: the entry is written without its response body rather than
    // holding the whole batch (and every batch after it) forever.
    return await withTimeout(e.responseText, RESPONSE_WAIT_MS);
  } catch {
    return undefined;
  }
}

/** The entries as a batch by column; ids are given here, in this process's one monotonic sequence. */
function batchOf(entries: RequestLogEntry[], texts: Array<string | undefined>): LogBatch {
  const b = emptyBatch();
  entries.forEach((e, i) => {
    b.id.push(newId("requestLog"));
    b.merchantId.push(e.merchantId);
    b.mode.push(e.mode);
    b.apiKeyId.push(e.apiKeyId);
    b.method.push(e.method);
    b.path.push(e.path);
    b.query.push(e.query);
    b.status.push(e.status);
    b.durationMs.push(e.durationMs);
    b.requestId.push(e.requestId);
    b.idempotencyKey.push(e.idempotencyKey);
    b.clientAddress.push(e.clientAddress);
    b.requestText.push(e.requestText ?? null);
    b.responseText.push(texts[i] ?? null);
    b.at.push(e.at.getTime());
  });
  return b;
}

const copyWriters = new WeakMap<object, CopyWriter | null>();
function copyWriter(db: DbOrTx): CopyWriter | null {
  let writer = copyWriters.get(db);
  if (writer === undefined) copyWriters.set(db, (writer = copyWriterOf(db)));
  return writer;
}

async function writeBatch(db: DbOrTx, entries: RequestLogEntry[]): Promise<void> {
  try {
    // No promise per entry when every response is already text (a batch is up to 500 entries).
    const texts = entries.some((e) => typeof e.responseText === "object") ? await Promise.all(entries.map(settledResponse)) : entries.map((e) => e.responseText as string | undefined);
    const batch = batchOf(entries, texts);
    const copy = copyWriter(db);
    if (copy) return await copy(batch);
    const rows = rowsOf(batch);
    await db.execute(sql`
      insert into request_logs (id, merchant_id, mode, api_key_id, method, path, query, status, duration_ms, request_id,
                                idempotency_key, client_address, request_body, response_body, transaction_id, created_at)
      select id, merchant_id, mode::mode, api_key_id, method, path, query, status, duration_ms, request_id,
             idempotency_key, client_address, request_body, response_body, transaction_id, created_at
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(
          id text, merchant_id text, mode text, api_key_id text, method text, path text, query text, status int,
          duration_ms real, request_id text, idempotency_key text, client_address text, request_body text,
          response_body text, transaction_id text, created_at timestamptz)`);
  } catch (err) {
    logger().warn({ err, entries: entries.length }, "request log batch not written");
  }
}
