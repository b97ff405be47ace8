/**
 * "A check falls due at": creation tells the in-process worker (server/worker/loop.ts)
 * when its new transaction's first check is due, so an idle lifecycle loop wakes then
 * rather than at the end of WORKER_INTERVAL_MS (issue 16: outcomes land within the
 * connector's delay). Payments never import the worker; the worker listens here.
 * A hint is only a wake-up: another process's worker, or none, is just as correct.
 */
type Listener = (at: Date) => void;
const KEY = Symbol.for("sika.dueHints");
const g = globalThis as unknown as { [KEY]?: Set<Listener> };
const listeners = (g[KEY] ??= new Set());

export function noteCheckDue(at: Date | null | undefined): void {
  if (!at) return;
  for (const l of listeners) l(at);
}

export function onCheckDue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
