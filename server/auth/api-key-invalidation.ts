import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { getDatabaseHandle } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";

/**
 * Revocations reach every instance's API key cache at once (issue 13), not only when the
 * cached entry expires (API_KEY_CACHE_MS): a revoke publishes the key's hash and every
 * process listening drops it from its cache.
 *
 * - REDIS_URL set: Redis pub/sub on channel `sika:api-key-revoked`.
 * - PostgreSQL otherwise: NOTIFY in the revoking transaction (delivered on commit) and
 *   LISTEN on a dedicated node-postgres connection per process.
 * - PGlite: one process, nothing to tell.
 *
 * While the listener is down (database or Redis restarting) each process empties its
 * cache and the TTL stays the bound, as before: a notification missed never leaves a
 * revoked key usable for longer than API_KEY_CACHE_MS.
 */
export const CHANNEL = "sika_api_key_revoked";
const REDIS_CHANNEL = "sika:api-key-revoked";

type Listener = (hash: string) => void;
const KEY = Symbol.for("sika.apiKeyInvalidation");
const g = globalThis as unknown as { [KEY]?: { started: boolean; stop?: () => Promise<void> } };

/** Tells every instance that these key hashes are revoked (call with the revoking db/tx). */
export async function publishRevoked(db: DbOrTx, hashes: string[]): Promise<void> {
  if (!hashes.length) return;
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const { sharedRedis } = await import("../rate-limit/store");
    const client = sharedRedis();
    if (client) for (const h of hashes) await client.publish(REDIS_CHANNEL, h).catch(() => {});
    return;
  }
  const handle = await getDatabaseHandle();
  if (handle.kind !== "postgres") return;
  for (const h of hashes) await db.execute(sql`select pg_notify(${CHANNEL}, ${h})`);
}

/** Starts this process's listener once (idempotent; failures only log and retry). */
export function listenForRevocations(onRevoked: Listener, onLost: () => void): void {
  const state = (g[KEY] ??= { started: false });
  if (state.started) return;
  state.started = true;
  void start(state, onRevoked, onLost);
}

async function start(state: { stop?: () => Promise<void> }, onRevoked: Listener, onLost: () => void): Promise<void> {
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const { Redis } = await import("ioredis");
    const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
    sub.on("error", (err) => logger().warn({ err: err.message }, "api key invalidation: redis error"));
    sub.on("close", onLost);
    sub.on("ready", () => void sub.subscribe(REDIS_CHANNEL).catch(() => {}));
    sub.on("message", (_channel: string, hash: string) => onRevoked(hash));
    state.stop = async () => void sub.disconnect();
    return;
  }
  const { default: pg } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    // Read each time: the process may have switched databases (tests do).
    const handle = await getDatabaseHandle().catch(() => null);
    if (!handle || handle.kind !== "postgres" || !handle.url) return;
    const c = new pg.Client({ connectionString: handle.url, application_name: "sika-api-key-listener" });
    client = c;
    const retry = () => {
      onLost();
      c.removeAllListeners();
      void c.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect(), 1000).unref();
    };
    c.on("error", retry);
    c.on("end", () => !stopped && retry());
    c.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload) onRevoked(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      // Whatever was revoked while we were not listening: start from an empty cache.
      onLost();
    } catch (err) {
      logger().warn({ err: (err as Error).message }, "api key invalidation: LISTEN failed, retrying");
      retry();
    }
  };
  state.stop = async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
  await connect();
}

/** Closes the listener (shutdown, tests). */
export async function stopListening(): Promise<void> {
  const state = g[KEY];
  if (!state) return;
  g[KEY] = undefined;
  await state.stop?.();
}
