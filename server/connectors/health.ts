import { env } from "../env";
import type { BreakerState } from "../vocabulary";
import { logger } from "../logger";
import { breakerStore, withNote, type BreakerRecord, type FailureKind } from "./breaker-store";
import { OperatorError } from "./operator-http";
import { setSource } from "../observability/metrics";

/**
 * Live health per route, network and country (D15, D19): a circuit breaker fed by the
 * results of the operator calls, the last errors met, and the calls of the last hour
 * (success rate, p95 latency) for the console and the status page.
 *
 * Only errors that leave the outcome unknown (timeout, network, 5xx) count: a refused
 * request or a declined payment says the operator is up. After CONNECTOR_BREAKER_THRESHOLD
 * of them in a row the breaker opens: new transactions take the pair's next route (or get
 * 503 `Network unavailable`) and the worker does not call. After
 * CONNECTOR_BREAKER_COOLDOWN_SECONDS it half-opens: calls go through again, the first
 * success closes it, the first counted failure opens it for another cool-down.
 *
 * The breaker itself is shared by every instance (breaker-store.ts: database or Redis):
 * each process keeps a copy, refreshed from the store at most every BREAKER_SYNC_MS when a
 * route is chosen (awaited) or an operator called (in the background), and every change
 * is written through in the background, in order (an operator call may run inside a
 * database transaction that holds the only connection, PGlite). If the
 * store cannot be reached the process goes on with its own copy. The call statistics are
 * this process's own.
 */
export type { BreakerState } from "../vocabulary";

export interface OperatorErrorNote {
  at: Date;
  message: string;
  requestId: string | null;
}

interface Call {
  at: number;
  ok: boolean;
  ms: number;
}

interface Local {
  breakers: Map<string, BreakerRecord>;
  calls: Map<string, Call[]>;
  lastSuccessAt: Map<string, Date>;
  syncedAt: number;
  syncing: Promise<void> | null;
  wipe: boolean;
  /** Store writes, one after the other, never awaited by an operator call (which may run inside a database transaction). */
  writes: Promise<void>;
}

const KEY = Symbol.for("sika.connectorHealth");
const g = globalThis as unknown as { [KEY]?: Local };
const local: Local = (g[KEY] ??= { breakers: new Map(), calls: new Map(), lastSuccessAt: new Map(), syncedAt: 0, syncing: null, wipe: false, writes: Promise.resolve() });
const HOUR = 3_600_000;
const MAX_CALLS = 5_000;

const BREAKER_VALUE: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };
// Read at scrape time: 0 closed, 1 half-open, 2 open (sika_breaker_state).
setSource("sika_breaker_state", () => [...local.breakers.keys()].map((key) => ({ labels: { route: key }, value: BREAKER_VALUE[breakerState(key)] })));

/** Every route this process has called, with its breaker (the status page's availability). */
export function knownHealthKeys(): string[] {
  return [...local.breakers.keys()];
}

/** `pawapay:orange:CI`: one breaker per route of a pair. */
export const healthKey = (route: string, network: string, countryCode: string) => `${route}:${network.toLowerCase()}:${countryCode.toUpperCase()}`;

function cooldownMs(): number {
  return env().CONNECTOR_BREAKER_COOLDOWN_SECONDS * 1000;
}

export function breakerState(key: string, now = Date.now()): BreakerState {
  const b = local.breakers.get(key);
  if (!b || b.openedAt === null) return "closed";
  return now - b.openedAt >= cooldownMs() ? "half_open" : "open";
}

/** False while the breaker is open (cool-down not over): take another route / do not call. */
export function breakerAllows(key: string, now = Date.now()): boolean {
  return breakerState(key, now) !== "open";
}

/** When an open breaker lets calls through again. */
export function breakerRetryAt(key: string): Date {
  return new Date((local.breakers.get(key)?.openedAt ?? Date.now()) + cooldownMs());
}

/** Brings this process's copy of the shared breakers up to date (at most every BREAKER_SYNC_MS). */
export async function syncBreakers(force = false): Promise<void> {
  if (!force && Date.now() - local.syncedAt < env().BREAKER_SYNC_MS) return;
  local.syncing ??= (async () => {
    try {
      await local.writes;
      const store = breakerStore();
      if (local.wipe) {
        await store.clear();
        local.wipe = false;
      }
      const rows = await store.loadAll();
      local.breakers = new Map(rows.map((r) => [r.key, r]));
      local.syncedAt = Date.now();
    } catch (err) {
      // Keep going with this process's copy; try again on the next call.
      logger().warn({ err: err instanceof Error ? err.message : String(err) }, "connector breakers: shared store unreachable");
    } finally {
      local.syncing = null;
    }
  })();
  return local.syncing;
}

function noteCall(key: string, ok: boolean, ms: number): void {
  const now = Date.now();
  let calls = local.calls.get(key);
  if (!calls) local.calls.set(key, (calls = []));
  calls.push({ at: now, ok, ms });
  while (calls.length && (calls.length > MAX_CALLS || now - calls[0].at > HOUR)) calls.shift();
}

function write(key: string, kind: FailureKind, note: OperatorErrorNote): void {
  const before = local.breakers.get(key) ?? { key, failures: 0, openedAt: null, lastErrors: [] };
  const n = { at: note.at.toISOString(), message: note.message, requestId: note.requestId };
  // This process's view changes at once, whatever the store says.
  const mine: BreakerRecord =
    kind === "counted"
      ? { ...before, failures: before.failures + 1, openedAt: before.openedAt !== null || before.failures + 1 >= env().CONNECTOR_BREAKER_THRESHOLD ? Date.now() : null }
      : kind === "answered"
        ? { ...before, failures: 0, openedAt: null }
        : before;
  local.breakers.set(key, { ...mine, lastErrors: withNote(n, before.lastErrors) });
  const threshold = env().CONNECTOR_BREAKER_THRESHOLD;
  enqueue(key, "a failure", async (store) => local.breakers.set(key, await store.fail(key, kind, n, before.lastErrors, threshold)));
}

/** Writes to the shared store in order, in the background: the caller may hold the only database connection (PGlite) in a transaction. */
function enqueue(key: string, what: string, fn: (store: ReturnType<typeof breakerStore>) => Promise<unknown>): void {
  const store = breakerStore();
  local.writes = local.writes
    .then(() => fn(store))
    .then(
      () => undefined,
      (err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err), key }, `connector breakers: could not record ${what} in the shared store`),
    );
}

/** Resolves once every breaker change of this process so far is in the shared store (tests, shutdown). */
export function breakerWritesSettled(): Promise<void> {
  return local.writes;
}

export function recordSuccess(key: string, ms = 0): void {
  noteCall(key, true, ms);
  local.lastSuccessAt.set(key, new Date());
  const b = local.breakers.get(key);
  if (!b || (b.failures === 0 && b.openedAt === null)) return;
  local.breakers.set(key, { ...b, failures: 0, openedAt: null });
  enqueue(key, "a success", (store) => store.succeed(key));
}

/** Notes an operator error; counts it against the breaker when the outcome is unknown. */
export function recordFailure(key: string, err: unknown, requestId: string | null, ms = 0): void {
  const message = err instanceof Error ? err.message : String(err);
  const counted = err instanceof OperatorError && err.outcomeUnknown;
  // The operator answered (refused, bad credentials...): it is up, the streak is over.
  noteCall(key, !counted && err instanceof OperatorError, ms);
  write(key, counted ? "counted" : err instanceof OperatorError ? "answered" : "noted", { at: new Date(), message, requestId });
}

export interface HealthView {
  key: string;
  state: BreakerState;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastErrors: OperatorErrorNote[];
  /** Operator calls of the last hour seen by this process. */
  calls: number;
  /** Share of those calls the operator answered (0-1), null without calls. */
  successRate: number | null;
  /** 95th percentile latency of those calls, ms; null without calls. */
  p95Ms: number | null;
}

export function healthOf(key: string): HealthView {
  const b = local.breakers.get(key);
  const calls = (local.calls.get(key) ?? []).filter((c) => Date.now() - c.at <= HOUR);
  const sorted = calls.map((c) => c.ms).sort((x, y) => x - y);
  return {
    key,
    state: breakerState(key),
    consecutiveFailures: b?.failures ?? 0,
    lastSuccessAt: local.lastSuccessAt.get(key) ?? null,
    lastErrors: (b?.lastErrors ?? []).map((e) => ({ at: new Date(e.at), message: e.message, requestId: e.requestId })),
    calls: calls.length,
    successRate: calls.length ? calls.filter((c) => c.ok).length / calls.length : null,
    p95Ms: sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] : null,
  };
}

/** Forgets this process's copy and statistics, as a freshly started instance (the shared store stays). */
export function forgetLocalHealth(): void {
  local.breakers.clear();
  local.calls.clear();
  local.lastSuccessAt.clear();
  local.syncedAt = 0;
}

/** Forgets everything (tests), the shared store included (emptied on the next sync). */
export function resetConnectorHealth(): void {
  forgetLocalHealth();
  local.wipe = true;
}

/** Thrown instead of calling an operator whose breaker is open. */
export class BreakerOpen extends Error {
  constructor(readonly key: string) {
    super(`Circuit breaker open for ${key}: not calling the operator`);
    this.name = "BreakerOpen";
  }
}
