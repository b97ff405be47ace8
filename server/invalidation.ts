import { sql } from "drizzle-orm";
import type { DbOrTx } from "./db/client";
import { getDatabaseHandle } from "./db/client";
import { env } from "./env";
import { logger } from "./logger";

/**
 * Cache invalidation across instances (issue 13): a process that changes something other
 * processes cache (a revoked API key, the fee schedule) publishes it, and every process
 * listening drops its cached copy at once instead of when the entry expires.
 *
 * - REDIS_URL set: Redis pub/sub on channel `sika:invalidate`.
 * - PostgreSQL otherwise: NOTIFY in the changing transaction (delivered on commit) and
 *   LISTEN on a dedicated node-postgres connection per process.
 * - PGlite: one process, nothing to tell.
 *
 * A message is `<topic>:<value>`; each topic has one handler per process (the caches are
 * process-wide, on globalThis, so whichever module copy registered it, the same cache is
 * cleared). While the listener is down (database or Redis restarting) every topic's
 * `onLost` empties its cache and the caches' TTLs stay the bound: a notification missed
 * never leaves a stale entry for longer than that TTL.
 */
export const CHANNEL = "sika_invalidate";
const REDIS_CHANNEL = "sika:invalidate";

export type InvalidationTopic = "api-key" | "fee-rules";

interface Handler {
  onMessage(value: string): void;
  onLost(): void;
}

interface State {
  started: boolean;
  handlers: Map<string, Handler>;
  stop?: () => Promise<void>;
}
const KEY = Symbol.for("sika.cacheInvalidation");
const g = globalThis as unknown as { [KEY]?: State };
const state = (): State => (g[KEY] ??= { started: false, handlers: new Map() });

/** Tells every instance about these changes (call with the changing db/tx: NOTIFY goes out on its commit). */
export async function publishInvalidation(db: DbOrTx, topic: InvalidationTopic, values: string[]): Promise<void> {
  if (!values.length) return;
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const { sharedRedis } = await import("./rate-limit/store");
    const client = sharedRedis();
    if (client) for (const v of values) await client.publish(REDIS_CHANNEL, `${topic}:${v}`).catch(() => {});
    return;
  }
  const handle = await getDatabaseHandle();
  if (handle.kind !== "postgres") return;
  for (const v of values) await db.execute(sql`select pg_notify(${CHANNEL}, ${`${topic}:${v}`})`);
}

/**
 * Registers this process's handler of `topic` and starts the listener once (idempotent,
 * cheap: callers call it on every cache lookup; failures only log and retry).
 */
export function onInvalidation(topic: InvalidationTopic, onMessage: (value: string) => void, onLost: () => void): void {
  const s = state();
  if (!s.handlers.has(topic)) s.handlers.set(topic, { onMessage, onLost });
  if (s.started) return;
  s.started = true;
  void start(s);
}

function dispatch(s: State, message: string): void {
  const at = message.indexOf(":");
  if (at < 0) return;
  s.handlers.get(message.slice(0, at))?.onMessage(message.slice(at + 1));
}

function lost(s: State): void {
  for (const h of s.handlers.values()) h.onLost();
}

async function start(s: State): Promise<void> {
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const { Redis } = await import("ioredis");
    const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
    sub.on("error", (err) => logger().warn({ err: err.message }, "cache invalidation: redis error"));
    sub.on("close", () => lost(s));
    sub.on("ready", () => void sub.subscribe(REDIS_CHANNEL).catch(() => {}));
    sub.on("message", (_channel: string, message: string) => dispatch(s, message));
    s.stop = async () => void sub.disconnect();
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
    const c = new pg.Client({ connectionString: handle.url, application_name: "sika-cache-invalidation" });
    client = c;
    const retry = () => {
      lost(s);
      c.removeAllListeners();
      void c.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect(), 1000).unref();
    };
    c.on("error", retry);
    c.on("end", () => !stopped && retry());
    c.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload) dispatch(s, msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      // Whatever changed while we were not listening: start from empty caches.
      lost(s);
    } catch (err) {
      logger().warn({ err: (err as Error).message }, "cache invalidation: LISTEN failed, retrying");
      retry();
    }
  };
  s.stop = async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
  await connect();
}

/** Closes the listener (shutdown, tests); handlers stay registered for the next start. */
export async function stopListening(): Promise<void> {
  const s = g[KEY];
  if (!s) return;
  g[KEY] = { started: false, handlers: s.handlers };
  await s.stop?.();
}
