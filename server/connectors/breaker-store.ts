import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { connectorBreakers } from "../db/schema";
import { env } from "../env";
import { sharedRedis } from "../rate-limit/store";

/**
 * Where the circuit breakers live so that every instance sees the same state (D19): Redis
 * when REDIS_URL is set, otherwise the database's `connector_breakers` table. The failure
 * count is incremented in the store itself (one atomic statement / script), so the
 * failures two instances meet add up and open the breaker once for the whole fleet.
 */
export interface ErrorNote {
  at: string;
  message: string;
  requestId: string | null;
}

export interface BreakerRecord {
  key: string;
  failures: number;
  /** Epoch ms, or null while closed. */
  openedAt: number | null;
  lastErrors: ErrorNote[];
}

export type FailureKind = "counted" | "answered" | "noted";

export interface BreakerStore {
  loadAll(): Promise<BreakerRecord[]>;
  /** counted: unknown outcome (timeout, network, 5xx); answered: the operator answered (resets); noted: only remembered. */
  fail(key: string, kind: FailureKind, note: ErrorNote, lastErrors: ErrorNote[], threshold: number): Promise<BreakerRecord>;
  succeed(key: string): Promise<void>;
  clear(): Promise<void>;
}

const LAST_ERRORS = 5;
export const withNote = (note: ErrorNote, earlier: ErrorNote[]) => [note, ...earlier].slice(0, LAST_ERRORS);

const databaseStore: BreakerStore = {
  async loadAll() {
    const rows = await (await getDb()).select().from(connectorBreakers);
    return rows.map((r) => ({ key: r.key, failures: r.failures, openedAt: r.openedAt?.getTime() ?? null, lastErrors: r.lastErrors }));
  },
  async fail(key, kind, note, lastErrors, threshold) {
    const t = connectorBreakers;
    const errorsJson = sql`${JSON.stringify(withNote(note, lastErrors))}::jsonb`;
    const failures = kind === "counted" ? sql`${t.failures} + 1` : kind === "answered" ? sql`0` : sql`${t.failures}`;
    // Counted: a half-open (or open) breaker opens again at once; a closed one at the threshold.
    const openedAt =
      kind === "counted"
        ? sql`case when ${t.openedAt} is not null or ${t.failures} + 1 >= ${threshold} then now() else null end`
        : kind === "answered"
          ? sql`null`
          : sql`${t.openedAt}`;
    const first = kind === "counted" ? 1 : 0;
    const [row] = await (await getDb())
      .insert(t)
      .values({ key, failures: first, openedAt: first >= threshold ? new Date() : null, lastErrors: [note], updatedAt: new Date() })
      .onConflictDoUpdate({ target: t.key, set: { failures, openedAt, lastErrors: errorsJson, updatedAt: sql`now()` } })
      .returning();
    return { key, failures: row.failures, openedAt: row.openedAt?.getTime() ?? null, lastErrors: row.lastErrors };
  },
  async succeed(key) {
    await (await getDb()).execute(sql`update connector_breakers set failures = 0, opened_at = null, updated_at = now() where key = ${key}`);
  },
  async clear() {
    await (await getDb()).delete(connectorBreakers);
  },
};

const SET = "sika:breakers";
const hashKey = (key: string) => `sika:breaker:${key}`;
// KEYS[1] hash, KEYS[2] set; ARGV: kind, threshold, now ms, lastErrors json.
const FAIL_SCRIPT = `
local f = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local opened = redis.call('HGET', KEYS[1], 'openedAt')
if ARGV[1] == 'counted' then
  f = f + 1
  if opened or f >= tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'openedAt', ARGV[3]) end
elseif ARGV[1] == 'answered' then
  f = 0
  redis.call('HDEL', KEYS[1], 'openedAt')
end
redis.call('HSET', KEYS[1], 'failures', f, 'lastErrors', ARGV[4])
redis.call('SADD', KEYS[2], KEYS[1])
return redis.call('HGETALL', KEYS[1])`;

function fromHash(key: string, h: Record<string, string>): BreakerRecord {
  return { key, failures: Number(h.failures ?? 0), openedAt: h.openedAt ? Number(h.openedAt) : null, lastErrors: h.lastErrors ? (JSON.parse(h.lastErrors) as ErrorNote[]) : [] };
}

/** The shared connection refuses commands while it connects (no offline queue): wait for it, briefly. */
function ready(r: NonNullable<ReturnType<typeof sharedRedis>>): Promise<void> {
  if (r.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    r.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function redisStore(): BreakerStore {
  const r = sharedRedis()!;
  return {
    async loadAll() {
      await ready(r);
      const keys = await r.smembers(SET);
      const rows = await Promise.all(keys.map(async (k) => [k, await r.hgetall(k)] as const));
      return rows.filter(([, h]) => Object.keys(h).length).map(([k, h]) => fromHash(k.slice("sika:breaker:".length), h));
    },
    async fail(key, kind, note, lastErrors, threshold) {
      await ready(r);
      const flat = (await r.eval(FAIL_SCRIPT, 2, hashKey(key), SET, kind, String(threshold), String(Date.now()), JSON.stringify(withNote(note, lastErrors)))) as string[];
      const h: Record<string, string> = {};
      for (let i = 0; i < flat.length; i += 2) h[flat[i]] = flat[i + 1];
      return fromHash(key, h);
    },
    async succeed(key) {
      await ready(r);
      await r.multi().hset(hashKey(key), "failures", 0).hdel(hashKey(key), "openedAt").exec();
    },
    async clear() {
      await ready(r);
      const keys = await r.smembers(SET);
      if (keys.length) await r.del(...keys, SET);
    },
  };
}

/** The store for the current environment. */
export function breakerStore(): BreakerStore {
  return env().REDIS_URL ? redisStore() : databaseStore;
}
