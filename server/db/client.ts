import path from "node:path";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { env } from "../env";
import { acquirePgliteLock } from "./pglite-lock";
import { openPostgresPool, withTimeout, type PoolStats } from "./postgres-drivers";
import { setSource } from "../observability/metrics";

/**
 * One database handle per process, opened lazily (next build loads route modules and
 * must not connect). The handle lives on globalThis because Next compiles
 * instrumentation and each route into separate module graphs: without it two PGlite
 * instances would open the same data folder.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle is a Database too: services take either. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Connection URL (postgres only). */
  url?: string;
  /** Raw SQL without drizzle, for health checks and admin tasks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  stats?(): PoolStats;
}

const KEY = Symbol.for("sika.database");
type Holder = { [KEY]?: Promise<DatabaseHandle> };
const holder = globalThis as unknown as Holder;

export function migrationsFolder(): string {
  return path.join(process.cwd(), "drizzle");
}

/** Pool settings (timeouts, recycling, driver) are in postgres-drivers.ts. */
export async function openPostgres(url: string, max = env().DB_POOL_MAX): Promise<DatabaseHandle> {
  const pool = await openPostgresPool(url, max);
  return { ...pool, kind: "postgres", url };
}

/**
 * dataDir undefined = in memory (tests). `loadDataDir`: a dump of another instance's data
 * directory (PGlite's dumpDataDir) to start from instead of running initdb.
 */
export async function openPglite(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquirePgliteLock(dataDir);
  }
  const client = new PGlite({ dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(handle.db as never, { migrationsFolder: migrationsFolder() });
    return;
  }
  if (!handle.url) throw new Error("postgres handle without url");
  const { migrate: run } = await import("drizzle-orm/postgres-js/migrator");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { default: postgres } = await import("postgres");
  // Several processes may start at once against one server: one migrates, the others
  // wait on the advisory lock (held by this single dedicated connection) and find nothing to do.
  const client = postgres(handle.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(727274)`;
    await run(drizzle(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client`select pg_advisory_unlock(727274)`.catch(() => {});
    await client.end({ timeout: 5 });
  }
}

async function openFromEnv(): Promise<DatabaseHandle> {
  const url = env().DATABASE_URL;
  const handle = url ? await openPostgres(url) : await openPglite(path.resolve(env().PGLITE_DATA_DIR));
  await migrate(handle);
  return handle;
}

/** The process's database, opened and migrated on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!holder[KEY]) {
    const opening: Promise<DatabaseHandle> = openFromEnv().then(
      (handle) => {
        if (holder[KEY] === opening) opened[OPENED] = { promise: opening, handle };
        return handle;
      },
      (err) => {
        holder[KEY] = undefined;
        throw err;
      },
    );
    holder[KEY] = opening;
  }
  return holder[KEY];
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

// The handle behind holder[KEY] once it has resolved: the request path reads it without a promise.
const OPENED = Symbol.for("sika.dbOpened");
const opened = globalThis as unknown as { [OPENED]?: { promise: Promise<DatabaseHandle>; handle: DatabaseHandle } };

/** The process's database if it is open already, else undefined (then `await getDb()`). */
export function openDb(): Database | undefined {
  const o = opened[OPENED];
  return o && o.promise === holder[KEY] ? o.handle.db : undefined;
}

/** Tests and the CLI hand in a database they opened themselves. */
export function setDatabaseHandle(handle: DatabaseHandle): void {
  const promise = Promise.resolve(handle);
  holder[KEY] = promise;
  opened[OPENED] = { promise, handle };
}

/**
 * The worker's database: its own small pool (DB_WORKER_POOL_MAX) on PostgreSQL, so
 * lifecycle and webhook jobs get connections while API requests hold the main pool
 * (issue 16); the main handle on PGlite (one connection anyway) or when set to 0.
 */
const WORKER_KEY = Symbol.for("sika.workerDatabase");
/** The worker's handle once open (read by the pool metrics). */
const workerOpened: { handle?: DatabaseHandle } = {};
const workerHolder = globalThis as unknown as { [WORKER_KEY]?: Promise<DatabaseHandle> };

export function getWorkerDatabaseHandle(): Promise<DatabaseHandle> {
  if (!workerHolder[WORKER_KEY]) {
    workerHolder[WORKER_KEY] = getDatabaseHandle()
      .then((main) => (main.kind === "postgres" && main.url && env().DB_WORKER_POOL_MAX > 0 ? openPostgres(main.url, env().DB_WORKER_POOL_MAX) : main))
      .then((handle) => (workerOpened.handle = handle))
      .catch((err) => {
        workerHolder[WORKER_KEY] = undefined;
        throw err;
      });
  }
  return workerHolder[WORKER_KEY];
}

/** Bounded: a shutdown never waits on a dead connection (issue 16). */
export async function closeDatabase(): Promise<void> {
  const pending = holder[KEY];
  const worker = workerHolder[WORKER_KEY];
  holder[KEY] = undefined;
  workerHolder[WORKER_KEY] = undefined;
  workerOpened.handle = undefined;
  const close = async (p?: Promise<DatabaseHandle>) => {
    if (p) await (await p).close();
  };
  const main = await pending?.catch(() => undefined);
  const own = await worker?.catch(() => undefined);
  await withTimeout(Promise.all([close(pending), own && own !== main ? close(worker) : undefined]), 3_000, "database close").catch(() => {});
}

/** The pools' numbers at scrape time (db_client_connection_*): "api" and, when it has its own, "worker". */
function poolStats(): Array<{ pool: string; stats: PoolStats }> {
  const out: Array<{ pool: string; stats: PoolStats }> = [];
  const main = opened[OPENED]?.handle;
  const mainStats = main?.stats?.();
  if (mainStats) out.push({ pool: "api", stats: mainStats });
  const worker = workerOpened.handle;
  const workerStats = worker && worker !== main ? worker.stats?.() : undefined;
  if (workerStats) out.push({ pool: "worker", stats: workerStats });
  return out;
}
setSource("db_client_connection_count", () =>
  poolStats().flatMap(({ pool, stats }) => [
    { labels: { pool_name: pool, state: "used" }, value: stats.used },
    { labels: { pool_name: pool, state: "idle" }, value: stats.idle },
  ]),
);
setSource("db_client_connection_pending_requests", () => poolStats().map(({ pool, stats }) => ({ labels: { pool_name: pool }, value: stats.pending })));
setSource("db_client_connection_max", () => poolStats().map(({ pool, stats }) => ({ labels: { pool_name: pool }, value: stats.max })));
