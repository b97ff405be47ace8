import type { DbOrTx } from "../db/client";
import { env } from "../env";
import { copyOnClient, type CopyClient } from "./copy-in.mjs";
import { startCopyThread } from "./copy-thread-writer";

/**
 * The request log's batch insert on PostgreSQL: `COPY … FROM STDIN`
 * (text format) instead of `insert … select from json_to_recordset(…)`. Measured on the
 * bench machine (PostgreSQL 15, 500-row batches of payin entries): about 17 µs of
 * PostgreSQL CPU per row against 41 µs for the JSON path, which parsed every body twice
 * (the JSON document, then each body's escaped string inside it). Both drivers
 * (node-postgres, postgres-js) stream it; PGlite keeps the JSON statement (write-batch.ts).
 */
export const COLUMNS = [
  "id",
  "merchant_id",
  "mode",
  "api_key_id",
  "method",
  "path",
  "query",
  "status",
  "duration_ms",
  "request_id",
  "idempotency_key",
  "client_address",
  "request_body",
  "response_body",
  "transaction_id",
  "created_at",
] as const;

export type Row = Record<(typeof COLUMNS)[number], string | number | null>;

/** Streams a COPY's text to the database; rejects when PostgreSQL refuses it. */
export type CopyWriter = (text: string) => Promise<void>;

const COPY_SQL = `copy request_logs (${COLUMNS.join(", ")}) from stdin`;

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
  return async (text) => {
    const stream = await client.unsafe(COPY_SQL).writable();
    // "finish" comes once PostgreSQL has answered the copy's end (CommandComplete). A copy the
    // server refused never finishes here (postgres-js drops that error): the writer's 15 s
    // limit per batch (write-batch.ts) ends the wait, and field() leaves nothing to refuse.
    await new Promise<void>((resolve, reject) => {
      stream.on("error", reject);
      stream.on("finish", resolve);
      stream.end(text);
    });
  };
}

function pgWriter(pool: PgPool): CopyWriter {
  return async (text) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await copyOnClient(client, COPY_SQL, Buffer.from(text));
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
  return async (text) => {
    if (thread.alive) {
      try {
        return await thread.write(text);
      } catch (err) {
        if (thread.alive) throw err;
      }
    }
    return inProcess(text);
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

const SPECIAL = /[\\\n\r\t\u0000]/g;
const HAS_SPECIAL = /[\\\n\r\t\u0000]/;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u0000": "" };

/** One value in COPY's text format: backslash escapes, `\N` for NULL, no NUL (text cannot hold it). */
function field(v: string | number | null): string {
  if (v === null) return "\\N";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "0";
  return HAS_SPECIAL.test(v) ? v.replace(SPECIAL, (c) => ESCAPES[c]) : v;
}

export function copyText(rows: Row[]): string {
  let out = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < COLUMNS.length; i++) line += (i ? "\t" : "") + field(row[COLUMNS[i]]);
    out += `${line}\n`;
  }
  return out;
}
