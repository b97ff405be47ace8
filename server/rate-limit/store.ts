import { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { lt } from "drizzle-orm";
import { getDb, type Database, type DbOrTx } from "../db/client";
import { decodeRow, encodeValues, rawClient } from "../db/raw";
import { rateLimits } from "../db/schema";
import { env } from "../env";
import { logger } from "../logger";

/**
 * Rate limiters whose counters live in a store shared by every instance (D14): Redis when
 * REDIS_URL is set, otherwise the database's `rate_limits` table (PostgreSQL, or the
 * embedded PGlite, which is single-process anyway). Each limiter has an in-memory
 * insurance limiter: if the store is unreachable the process keeps limiting on its own
 * instead of failing every request or letting everything through.
 */
export interface LimiterSpec {
  /** Distinguishes this limiter's keys in the shared store. */
  name: string;
  points: number;
  /** Window, seconds. */
  duration: number;
  /** Once the points are spent, refuse for this many seconds (default: the rest of the window). */
  blockDuration?: number;
}

const REDIS = Symbol.for("sika.rateLimitRedis");
const g = globalThis as unknown as { [REDIS]?: Redis };

function redisClient(url: string): Redis {
  if (!g[REDIS]) {
    // No offline queue: while Redis is down a consume fails at once and the insurance
    // limiter answers, instead of requests piling up behind a reconnect.
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    client.on("error", (err) => logger().warn({ err: err.message }, "rate-limit redis error"));
    g[REDIS] = client;
  }
  return g[REDIS];
}

function onceReady(client: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    }
    client.once("ready", done);
  });
}

/** The shared Redis connection when REDIS_URL is set (also used to publish key revocations). */
export function sharedRedis(): Redis | null {
  const url = env().REDIS_URL;
  return url ? redisClient(url) : null;
}

/** Closes the Redis connection (CLI, tests); the next limiter opens a new one. */
export async function closeRateLimitStore(): Promise<void> {
  const client = g[REDIS];
  g[REDIS] = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}

/** Which store limiters are built on, for /api/readyz and the docs. */
export function rateLimitStoreKind(): "redis" | "database" {
  return env().REDIS_URL ? "redis" : "database";
}

/** A new limiter on the shared store. Callers keep it (see `sharedLimiter`). */
export async function buildLimiter(spec: LimiterSpec): Promise<RateLimiterAbstract> {
  const base = { keyPrefix: `sika:${spec.name}`, points: spec.points, duration: spec.duration, blockDuration: spec.blockDuration ?? 0 };
  const insuranceLimiter = new RateLimiterMemory(base);
  const url = env().REDIS_URL;
  if (url) {
    const client = redisClient(url);
    // The first requests after start should count in Redis, not in the insurance limiter.
    if (client.status !== "ready") await onceReady(client, 2000);
    return new RateLimiterRedis({ ...base, storeClient: client, insuranceLimiter, rejectIfRedisNotReady: true });
  }
  const db = await getDb();
  // No sweep timer of the library's own: it would be armed inside the first request that
  // builds the limiter and inherit that request's deadline (server/db/deadline.ts), so
  // every sweep failed with "timeout exceeded when trying to connect (request deadline)"
  // and the table was never swept. The worker sweeps instead (`sweepExpiredCounters`).
  return new RawRateLimiterDrizzle({ ...base, storeClient: db, schema: rateLimits, insuranceLimiter, clearExpiredByTimeout: false });
}

/** Rows this long past their window are no use to any limiter (the library's own threshold). */
const SWEEP_AFTER_MS = 60 * 60_000;

/** Deletes counters an hour past their window; the worker runs it (outside any request). */
export async function sweepExpiredCounters(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - SWEEP_AFTER_MS))).returning({ key: rateLimits.key });
  return gone.length;
}

/**
 * The same counter statement as RateLimiterDrizzle's `_upsert`, as constant SQL on the
 * driver (db/raw.ts): drizzle rebuilt the statement's text on every consume, which the
 * issue 13 profile showed costing more than the query. Same semantics: a window that
 * expired restarts at `points`, otherwise the points add up; `expire` moves only then.
 */
const UPSERT_SQL = `
  insert into rate_limits (key, points, expire) values ($1, $2, $3)
  on conflict (key) do update set
    points = case when rate_limits.expire <= $4 then excluded.points else rate_limits.points + excluded.points end,
    expire = case when rate_limits.expire <= $4 then excluded.expire else rate_limits.expire end
  returning key, points, expire`;
const UPSERT_FORCE_SQL = `
  insert into rate_limits (key, points, expire) values ($1, $2, $3)
  on conflict (key) do update set points = excluded.points, expire = excluded.expire
  returning key, points, expire`;

class RawRateLimiterDrizzle extends RateLimiterDrizzle {
  private readonly db: Database;

  constructor(opts: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Database }) {
    super(opts);
    this.db = opts.storeClient;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<unknown> {
    const raw = rawClient(this.db);
    if (!raw) return (RateLimiterDrizzle.prototype as unknown as RawUpsert)._upsert.call(this, key, points, msDuration, forceExpire);
    const now = new Date();
    const newExpire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const params = encodeValues(rateLimits, ["key", "points", "expire"], { key, points, expire: newExpire });
    if (!forceExpire) params.push(encodeValues(rateLimits, ["expire"], { expire: now })[0]);
    const [row] = await raw.query(forceExpire ? UPSERT_FORCE_SQL : UPSERT_SQL, params);
    return decodeRow(rateLimits, row);
  }
}
interface RawUpsert {
  _upsert(key: string, points: number, msDuration: number, forceExpire: boolean): Promise<unknown>;
}

const LIMITERS = Symbol.for("sika.rateLimiters");
const gl = globalThis as unknown as { [LIMITERS]?: Map<string, Promise<RateLimiterAbstract>> };

/** One limiter per name and process; tests that swap databases call `forgetLimiters`. */
export function sharedLimiter(spec: LimiterSpec): Promise<RateLimiterAbstract> {
  const map = (gl[LIMITERS] ??= new Map());
  let found = map.get(spec.name);
  if (!found) {
    found = buildLimiter(spec);
    map.set(spec.name, found);
  }
  return found;
}

export function forgetLimiters(): void {
  gl[LIMITERS]?.clear();
}
