import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "../env";

/**
 * A request's deadline (issue 16): every API request answers, 200 or 503, within
 * 5 s by construction, not by luck. The API wrapper runs each request with a deadline
 * `requestDeadlineMs()` ahead (REQUEST_DEADLINE_MS, default 4 s); what could wait on the
 * database reads it:
 *
 * - waiting for a pooled connection (server/db/postgres-drivers.ts) is bounded by the
 *   time left, less READ_BACK_RESERVE_MS so that a write whose COMMIT outcome turns out
 *   unknown still has time to read its row back; the read-back itself may use it all;
 * - the read-back (server/db/resilience.ts) stops at the deadline;
 * - a payout waiting for its wallet's batch (server/payments/payout-batch.ts) gives up
 *   with a 503 before its deadline if its flush has not started (nothing was sent).
 *
 * A failed wait for a connection sent nothing to the database: the request gets a 503
 * at once, no read-back needed (`isNotSent`, resilience.ts). Work outside a request (the
 * worker, scripts) has no deadline: only the pools' own bounds apply.
 */
export function requestDeadlineMs(): number {
  return env().REQUEST_DEADLINE_MS;
}
export const READ_BACK_RESERVE_MS = 1_200;

interface DeadlineState {
  at: number;
  /** Inside a read-back: may use the time kept in reserve for it. */
  readBack?: boolean;
}

const store = new AsyncLocalStorage<DeadlineState>();

export function withDeadline<T>(at: number, fn: () => Promise<T>): Promise<T> {
  return store.run({ at }, fn);
}

/**
 * Work a request starts and does not wait for (a resend's immediate delivery): it has no
 * deadline, like the worker. In the request's context it would inherit a deadline that
 * passes while it runs (a receiver taking its time), and fail to record its outcome.
 */
export function withoutDeadline<T>(fn: () => Promise<T>): Promise<T> {
  return store.exit(fn);
}

/** The current deadline (epoch ms), or undefined outside a request. */
export function currentDeadline(): number | undefined {
  return store.getStore()?.at;
}

export function inReadBack<T>(fn: () => Promise<T>): Promise<T> {
  const s = store.getStore();
  return s ? store.run({ at: s.at, readBack: true }, fn) : fn();
}

/** How long a wait for a connection may last now: undefined when unbounded by a request. */
export function connectionWaitBudgetMs(): number | undefined {
  const s = store.getStore();
  if (!s) return undefined;
  return s.at - Date.now() - (s.readBack ? 0 : READ_BACK_RESERVE_MS);
}
