import type { Database } from "./client";
import * as schema from "./schema";
import { env } from "../env";
import { logger } from "../logger";
import { connectionWaitBudgetMs } from "./deadline";
import { serialQueries } from "./serial-queries";

/**
 * The PostgreSQL pool behind server/db, with the settings that let it survive the
 * database (issue 16, docs/database-faults.md): a bounded connect, a server-side
 * statement timeout, idle and lifetime recycling, and a close that never waits on a
 * dead connection. DB_DRIVER picks node-postgres (`pg`, the default) or postgres-js.
 */
export interface PostgresPool {
  db: Database;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections in use, idle, and requests waiting for one (metrics; node-postgres only). */
  stats?(): PoolStats;
}

export interface PoolStats {
  used: number;
  idle: number;
  pending: number;
  max: number;
}

/** Bounded: a close that would wait on a dead socket gives up after this. */
const CLOSE_TIMEOUT_MS = 2_000;

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} timed out after ${ms} ms`), { code: "ETIMEDOUT" })), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export async function openPostgresPool(url: string, max: number): Promise<PostgresPool> {
  const e = env();
  if (e.DB_DRIVER === "pg") return openNodePostgres(url, max);
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max,
    onnotice: () => {},
    prepare: true,
    connect_timeout: e.DB_CONNECT_TIMEOUT_MS / 1000,
    idle_timeout: e.DB_IDLE_TIMEOUT_S || undefined,
    max_lifetime: e.DB_MAX_LIFETIME_S || null,
    connection: e.DB_STATEMENT_TIMEOUT_MS ? { statement_timeout: e.DB_STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: 30_000 } : {},
  });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    ping: async () => {
      await client`select 1`;
    },
    close: () => withTimeout(client.end({ timeout: CLOSE_TIMEOUT_MS / 1000 }), CLOSE_TIMEOUT_MS + 500, "database close").catch(() => {}),
  };
}

async function openNodePostgres(url: string, max: number): Promise<PostgresPool> {
  const e = env();
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { registerPgTypes } = await import("./raw");
  registerPgTypes(pg.types as never);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A bounded wait for a connection: a free one, or a new one, within this.
    connectionTimeoutMillis: e.DB_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: e.DB_IDLE_TIMEOUT_S * 1000,
    maxLifetimeSeconds: e.DB_MAX_LIFETIME_S,
    statement_timeout: e.DB_STATEMENT_TIMEOUT_MS || undefined,
    // No client-side query_timeout: pg starts it when a query is QUEUED on a client, so the
    // worker's pipelined group (50 rows on one transaction) timed out under load. Dead
    // sockets are found by TCP keep-alive and the server-side statement_timeout.
    idle_in_transaction_session_timeout: 30_000,
    keepAlive: true,
  });
  boundConnectByDeadline(pool as never);
  // An idle client whose server went away emits here; unhandled it would crash the process.
  pool.on("error", (err) => logger().warn({ err: err.message }, "idle database connection lost"));
  // A client checked out (a transaction: drizzle's, or a raw one of db/raw.ts) has no pool
  // listener: its connection dying emitted an 'error' nobody handled, an uncaughtException
  // (found by tests/reliability/ambiguous-commit.test.ts). Its queries get the error anyway,
  // and pg-pool drops the dead client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (err) => logger().debug({ err: err.message }, "database connection lost while checked out"));
    // Statements issued concurrently on one connection queue in our code, not pg's (serial-queries.ts).
    serialQueries(client);
  });
  const db = drizzle(pool, { schema }) as unknown as Database;
  const { releaseClientWhenBeginFails } = await import("./pg-transaction");
  releaseClientWhenBeginFails(db, pool);
  return {
    db,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => withTimeout(pool.end(), CLOSE_TIMEOUT_MS, "database close").catch(() => {}),
    stats: () => ({ used: pool.totalCount - pool.idleCount, idle: pool.idleCount, pending: pool.waitingCount, max }),
  };
}

/** The "not sent" error of a connection wait cut short by the request's deadline. */
function deadlineError(): Error {
  return Object.assign(new Error("timeout exceeded when trying to connect (request deadline)"), { code: "ETIMEDOUT" });
}

/**
 * Bounds a pg Pool's wait for a connection (a free one, or a new one's connect) by the
 * current request's deadline as well as connectionTimeoutMillis (server/db/deadline.ts).
 * pg-pool reads connectionTimeoutMillis synchronously inside connect() (pool.query calls
 * it too), for the queue wait and for a new client's connect, so it is narrowed for the
 * length of that call.
 */
function boundConnectByDeadline(pool: { connect: (...args: never[]) => unknown; options: { connectionTimeoutMillis?: number } }): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const budget = connectionWaitBudgetMs();
    if (budget === undefined || !Number.isFinite(budget)) return connect(...args);
    if (budget < 1) {
      const cb = typeof args[0] === "function" ? (args[0] as (err: Error) => void) : null;
      if (cb) return void process.nextTick(() => cb(deadlineError()));
      return Promise.reject(deadlineError());
    }
    const saved = pool.options.connectionTimeoutMillis;
    pool.options.connectionTimeoutMillis = Math.max(1, Math.min(saved || Infinity, Math.floor(budget)));
    try {
      return connect(...args);
    } finally {
      pool.options.connectionTimeoutMillis = saved;
    }
  }) as never;
}
