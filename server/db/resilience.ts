import { inArray } from "drizzle-orm";
import { AppError, errors } from "../errors";
import { logger } from "../logger";
import type { Database } from "./client";
import { currentDeadline, inReadBack } from "./deadline";
import { transactions, type Transaction } from "./schema";

/**
 * What the database's failures mean for a request (issue 16, docs/database-faults.md).
 *
 * - A connection error (the server restarting, unreachable, a connection cut) or a
 *   timeout: the database is unavailable; the client gets 503 "Service unavailable"
 *   with Retry-After, never a 500 and never a hang.
 * - A write whose COMMIT outcome is unknown (its connection died around the COMMIT):
 *   the caller reads the row back by id on another connection and answers what actually
 *   happened: the stored transaction, or 503 when nothing was stored. A committed
 *   transaction is never answered with an error.
 */

/** SQLSTATEs and driver codes meaning "no usable connection", not "bad statement". */
const CONNECTION_CODES = new Set([
  // postgres.js
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // node:net
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections,
  // query_canceled (statement_timeout), idle_in_transaction_session_timeout, read_only_sql_transaction (a standby after failover)
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
  "25P03",
  "25006",
]);

/** Messages of drivers that throw plain Errors when a connection is gone. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /connection (?:is )?closed/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /database system is (?:shutting down|starting up)/i,
  /the database system is in recovery mode/i,
  /read ECONNRESET/i,
  /write after end/i,
  /Query read timeout/i,
];

function* causes(err: unknown): Generator<Record<string, unknown>> {
  let cur = err;
  for (let depth = 0; cur && typeof cur === "object" && depth < 5; depth++) {
    yield cur as Record<string, unknown>;
    cur = (cur as { cause?: unknown }).cause;
  }
}

/** True when `err` (or what it wraps: drizzle wraps driver errors) says the database is unavailable. */
export function isConnectionError(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e instanceof DatabaseUnavailable) return true;
    if (typeof e.code === "string" && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
    if (typeof e.message === "string" && CONNECTION_MESSAGES.some((re) => re.test(e.message as string))) return true;
  }
  return false;
}

/**
 * True when the failure happened while waiting for a connection: the statement was never
 * sent, so nothing can have been written (no read-back needed, a 503 is the whole truth).
 * pg-pool: "timeout exceeded when trying to connect" (queue wait, or the request's
 * deadline); a new connection refused or cut during its start-up.
 */
export function isNotSent(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.message === "string" && /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(e.message)) return true;
    if (e.code === "ECONNREFUSED" || e.code === "57P03") return true;
  }
  return false;
}

/** PostgreSQL unique_violation (23505) on the transactions primary key: the row exists. */
export function isDuplicateTransaction(err: unknown): boolean {
  return isUniqueViolation(err, "transactions_pkey");
}

/** A unique violation of `constraint` (node-postgres and PGlite say `constraint`, postgres-js `constraint_name`). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (const e of causes(err)) {
    if (e.code === "23505" && (e.constraint === constraint || e.constraint_name === constraint)) return true;
  }
  return false;
}

/** Marks an error already translated to "database unavailable" (keeps the driver's error as cause). */
export class DatabaseUnavailable extends Error {
  constructor(cause?: unknown) {
    super("database unavailable", { cause });
    this.name = "DatabaseUnavailable";
  }
}

export const RETRY_AFTER_SECONDS = 1;

/** The 503 of the envelope. */
export function serviceUnavailable(): AppError {
  return errors.serviceUnavailable(RETRY_AFTER_SECONDS);
}

/**
 * How long a read-back keeps trying (a restart takes ~1 s), and never past the request's
 * deadline (server/db/deadline.ts): a request must end within 5 s.
 */
const READ_BACK_MS = 3_000;

/**
 * The transaction `id` as stored, read on a connection that works (the pool replaces the
 * dead one; each failed attempt is retried until READ_BACK_MS). null: not stored.
 * Throws the 503 when the database could not be asked at all (the outcome stays unknown;
 * a client that sent an Idempotency-Key gets the stored transaction on its retry).
 */
export async function readBackTransaction(db: Database, id: string): Promise<Transaction | null> {
  return (await readBackTransactions(db, [id])).get(id) ?? null;
}

/** readBackTransaction for several ids at once (a payout batch): the ones stored, by id. */
export async function readBackTransactions(db: Database, ids: string[]): Promise<Map<string, Transaction>> {
  const rows = await readBack(() => db.select().from(transactions).where(inArray(transactions.id, ids)), ids.length);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Runs `read` on a connection that works (the pool replaces the dead one; each failed
 * attempt is retried until READ_BACK_MS, never past the request's deadline). Throws the
 * 503 when the database could not be asked at all: the outcome stays unknown.
 */
async function readBack<T>(read: () => Promise<T>, items = 1): Promise<T> {
  const deadline = Math.min(Date.now() + READ_BACK_MS, currentDeadline() ?? Infinity);
  for (let attempt = 0; ; attempt++) {
    try {
      return await inReadBack(read);
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + 100 > deadline) {
        logger().warn({ err: errorSummary(err), ids: items }, "commit outcome unknown: read-back failed");
        throw serviceUnavailable();
      }
      await new Promise((res) => setTimeout(res, Math.min(100 * 2 ** attempt, 500)));
    }
  }
}

/**
 * Runs a write whose row's key is known before it is sent (an id made by the caller).
 * When it fails with a connection error, the COMMIT may or may not have happened: the
 * row is looked for (`stored`, read back on a working connection). Found: the write is
 * answered as done (`write`'s value is not needed: the caller knows what it wrote).
 * Absent: 503, nothing was stored, a retry is safe. Nothing sent at all: 503 at once.
 */
export async function writeResolvingAmbiguity(what: string, write: () => Promise<unknown>, stored: () => Promise<boolean>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    if (isNotSent(err)) {
      logger().warn({ what, err: errorSummary(err) }, "no connection in time, nothing sent: 503");
      throw serviceUnavailable();
    }
    const found = await readBack(stored);
    logger().warn({ what, stored: found, err: errorSummary(err) }, "write outcome resolved by read-back");
    if (!found) throw serviceUnavailable();
  }
}

/**
 * Runs a write that creates transaction `id`. When it fails with a connection error (the
 * COMMIT may or may not have happened) or a duplicate key on that id (an earlier attempt
 * did commit), the row is read back: found, `fromRow` answers it; absent, 503.
 */
export async function createResolvingAmbiguity<T>(db: Database, id: string, write: () => Promise<T>, fromRow: (row: Transaction) => T): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isConnectionError(err) && !isDuplicateTransaction(err)) throw err;
    if (isNotSent(err)) {
      logger().warn({ id, err: errorSummary(err) }, "no connection in time, nothing sent: 503");
      throw serviceUnavailable();
    }
    const row = await readBackTransaction(db, id);
    logger().warn({ id, stored: Boolean(row), err: errorSummary(err) }, "write outcome resolved by read-back");
    if (row) return fromRow(row);
    throw serviceUnavailable();
  }
}

export function errorSummary(err: unknown): string {
  const parts: string[] = [];
  for (const e of causes(err)) parts.push(`${String(e.code ?? e.name ?? "")}:${String(e.message ?? "")}`.slice(0, 160));
  return parts.join(" <- ");
}
