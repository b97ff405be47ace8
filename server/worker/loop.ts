import { getDb } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";
import { runWorkerBatch } from "./run-batch";

/**
 * The in-process worker loop started with the server (dev, production, lean entry).
 * A batch that did work is followed at once by another; an idle one waits
 * WORKER_INTERVAL_MS. `wakeWorker()` cuts the wait short (resend, new events).
 */
const KEY = Symbol.for("sika.workerLoop");
interface LoopState {
  running: boolean;
  timer?: NodeJS.Timeout;
  wake?: () => void;
  done?: Promise<void>;
}
const g = globalThis as unknown as { [KEY]?: LoopState };

export function startWorkerLoop(): void {
  if (g[KEY]?.running) return;
  const state: LoopState = { running: true };
  g[KEY] = state;
  const interval = env().WORKER_INTERVAL_MS;
  state.done = (async () => {
    const db = await getDb();
    while (state.running) {
      const result = await runWorkerBatch(db).catch((err) => {
        logger().error({ err }, "worker batch failed");
        return {};
      });
      const busy = Object.values(result).some((n) => n > 0);
      if (busy || !state.running) continue;
      await new Promise<void>((resolve) => {
        state.wake = resolve;
        state.timer = setTimeout(resolve, interval);
      });
      state.wake = undefined;
    }
  })();
  logger().info({ intervalMs: interval }, "worker loop started");
}

export function wakeWorker(): void {
  const state = g[KEY];
  if (state?.wake) {
    clearTimeout(state.timer);
    state.wake();
  }
}

export async function stopWorkerLoop(): Promise<void> {
  const state = g[KEY];
  if (!state) return;
  state.running = false;
  wakeWorker();
  await state.done;
  g[KEY] = undefined;
}
