import type { DbOrTx } from "../db/client";
import { env } from "../env";
import { copyOnClient, type CopyClient } from "./copy-in.mjs";
import { startCopyThread } from "./copy-thread-writer";
import { COLUMNS, copyBinaryOf, type LogBatch } from "./log-batch.mjs";

/**
 * The request log's batch insert on PostgreSQL: `COPY … FROM STDIN` (binary format since
 * 2026-12-06, copy-binary.mjs; text before) instead of `insert … select from
 * json_to_recordset(…)`. Measured on the
 * bench machine (PostgreSQL 15, 500-row batches of payin entries): about 17 µs of
 * PostgreSQL CPU per row against 41 µs for the JSON path, which parsed every body twice
 * (the JSON document, then each body's escaped string inside it). Both drivers
 * (node-postgres, postgres-js) stream it; PGlite keeps the JSON statement (write-batch.ts).
 * Each writer builds the batch's payload itself (log-batch.mjs): the thread's, off the API's thread.
 */

/** COPYs a batch to the database (its text built by the writer); rejects when PostgreSQL refuses it. */
export type CopyWriter = (batch: LogBatch) => Promise<void>;

const COPY_SQL = `copy request_logs (${COLUMNS.join(", ")}) from stdin with (format binary)`;

interface PostgresJsClient {
  unsafe(query: string): { writable(): Promise<NodeJS.WritableStream> };
  begin: unknown;
}

interface PgPool {
  connect(): Promise<CopyClient & { release(err?: Error | boolean): void }>;
  totalCount: number;
  options?: { connectionString?: string };
}

function postgresJsWriter(client: PostgresJsClient): CopyWriter {
  return async (batch) => {
    const stream = await client.unsafe(COPY_SQL).writable();
    // "finish" comes once PostgreSQL has answered the copy's end (CommandComplete). A copy the
    // server refused never finishes here (postgres-js drops that error): the writer's 15 s
    // limit per batch (write-batch.ts) ends the wait, and field() leaves nothing to refuse.
    await new Promise<void>((resolve, reject) => {
      stream.on("error", reject);
      stream.on("finish", resolve);
      stream.end(copyBinaryOf(batch));
    });
  };
}

function pgWriter(pool: PgPool): CopyWriter {
  return async (batch) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await copyOnClient(client, COPY_SQL, copyBinaryOf(batch));
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // After a refused copy the connection is not trusted again: the pool opens a new one.
      client.release(failed ?? false);
    }
  };
}

/** REQUEST_LOG_THREAD: `auto` (default) sends the batches from a thread of their own in production. */
function threadWanted(): boolean {
  const setting = env().REQUEST_LOG_THREAD;
  return setting === "1" || (setting === "auto" && env().NODE_ENV === "production");
}

/**
 * node-postgres: from the writer thread when it runs (copy-thread-writer.ts), else on a
 * connection of the API's pool. A batch the thread could not send because it died is sent
 * in process; one PostgreSQL refused is not sent twice.
 */
function pgPoolWriter(pool: PgPool): CopyWriter {
  const inProcess = pgWriter(pool);
  const url = pool.options?.connectionString;
  const thread = url && threadWanted() ? startCopyThread({ url, sql: COPY_SQL, statementTimeoutMs: env().DB_STATEMENT_TIMEOUT_MS }) : null;
  if (!thread) return inProcess;
  return async (batch) => {
    if (thread.alive) {
      try {
        return await thread.write(batch);
      } catch (err) {
        if (thread.alive) throw err;
      }
    }
    return inProcess(batch);
  };
}

/** The COPY writer for a drizzle handle on PostgreSQL, or null (PGlite: the JSON statement). */
export function copyWriterOf(db: DbOrTx): CopyWriter | null {
  const client = (db as unknown as { $client?: Partial<PostgresJsClient & PgPool> }).$client;
  if (!client) return null;
  if (typeof client.unsafe === "function" && typeof client.begin === "function") return postgresJsWriter(client as PostgresJsClient);
  if (typeof client.connect === "function" && "totalCount" in client) return pgPoolWriter(client as PgPool);
  return null;
}
