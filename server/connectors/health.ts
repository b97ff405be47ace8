import { env } from "../env";
import { OperatorError } from "./operator-http";
import { setSource } from "../observability/metrics";

/**
 * Live health per network and country (D15): a circuit breaker fed by the results of the
 * operator calls, and the last errors met (operator console). Only errors that leave the
 * outcome unknown (timeout, network, 5xx) count: a refused request or a declined payment
 * says the operator is up. After CONNECTOR_BREAKER_THRESHOLD of them in a row the breaker
 * opens: new transactions answer 503 `Network unavailable` and the worker does not call.
 * After CONNECTOR_BREAKER_COOLDOWN_SECONDS it half-opens: calls go through again, the first
 * success closes it, the first counted failure opens it for another cool-down.
 *
 * Kept in the memory of each process: every instance learns the operator's health from its
 * own calls, which is what a breaker protects (its own threads and the operator).
 */
export type BreakerState = "closed" | "open" | "half_open";

export interface OperatorErrorNote {
  at: Date;
  message: string;
  requestId: string | null;
}

interface Health {
  failures: number;
  openedAt: number | null;
  lastErrors: OperatorErrorNote[];
  lastSuccessAt: Date | null;
}

const KEY = Symbol.for("sika.connectorHealth");
const g = globalThis as unknown as { [KEY]?: Map<string, Health> };
const table = (g[KEY] ??= new Map<string, Health>());
const LAST_ERRORS = 10;

const BREAKER_VALUE: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };
// Read at scrape time: 0 closed, 1 half-open, 2 open (sika_breaker_state).
setSource("sika_breaker_state", () => [...table.keys()].map((key) => ({ labels: { route: key }, value: BREAKER_VALUE[breakerState(key)] })));

/** Every route this process has called, with its breaker (the status page's availability). */
export function knownHealthKeys(): string[] {
  return [...table.keys()];
}

export const healthKey = (network: string, countryCode: string) => `${network.toLowerCase()}:${countryCode.toUpperCase()}`;

function entry(key: string): Health {
  let h = table.get(key);
  if (!h) table.set(key, (h = { failures: 0, openedAt: null, lastErrors: [], lastSuccessAt: null }));
  return h;
}

export function breakerState(key: string, now = Date.now()): BreakerState {
  const h = table.get(key);
  if (!h || h.openedAt === null) return "closed";
  return now - h.openedAt >= env().CONNECTOR_BREAKER_COOLDOWN_SECONDS * 1000 ? "half_open" : "open";
}

/** False while the breaker is open (cool-down not over): answer 503 / do not call. */
export function breakerAllows(key: string, now = Date.now()): boolean {
  return breakerState(key, now) !== "open";
}

/** When an open breaker lets calls through again. */
export function breakerRetryAt(key: string): Date {
  const h = table.get(key);
  return new Date((h?.openedAt ?? Date.now()) + env().CONNECTOR_BREAKER_COOLDOWN_SECONDS * 1000);
}

function recordAnswered(h: Health): void {
  h.failures = 0;
  h.openedAt = null;
}

export function recordSuccess(key: string): void {
  const h = entry(key);
  recordAnswered(h);
  h.lastSuccessAt = new Date();
}

/** Notes an operator error; counts it against the breaker when the outcome is unknown. */
export function recordFailure(key: string, err: unknown, requestId: string | null): void {
  const h = entry(key);
  const message = err instanceof Error ? err.message : String(err);
  h.lastErrors = [{ at: new Date(), message, requestId }, ...h.lastErrors].slice(0, LAST_ERRORS);
  if (!(err instanceof OperatorError) || !err.outcomeUnknown) {
    // The operator answered (refused, bad credentials...): it is up, the streak is over.
    if (err instanceof OperatorError) recordAnswered(h);
    return;
  }
  const halfOpen = breakerState(key) === "half_open";
  h.failures += 1;
  if (halfOpen || h.failures >= env().CONNECTOR_BREAKER_THRESHOLD) h.openedAt = Date.now();
}

export interface HealthView {
  key: string;
  state: BreakerState;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastErrors: OperatorErrorNote[];
}

export function healthOf(key: string): HealthView {
  const h = table.get(key);
  return { key, state: breakerState(key), consecutiveFailures: h?.failures ?? 0, lastSuccessAt: h?.lastSuccessAt ?? null, lastErrors: h?.lastErrors ?? [] };
}

/** Forgets everything (tests). */
export function resetConnectorHealth(): void {
  table.clear();
}

/** Thrown instead of calling an operator whose breaker is open. */
export class BreakerOpen extends Error {
  constructor(readonly key: string) {
    super(`Circuit breaker open for ${key}: not calling the operator`);
    this.name = "BreakerOpen";
  }
}
