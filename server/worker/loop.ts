import { getDb, type Database } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";
import { jobs, type Job } from "./jobs";

/**
 * The in-process worker started with the server (dev, production, lean entry): one
 * loop per job, so a slow webhook receiver never delays lifecycle processing. A pass
 * that did work is followed at once by another; an idle one waits WORKER_INTERVAL_MS.
 * `wakeWorker()` cuts the wait short (new outbox events, resend).
 */
const KEY = Symbol.for("sika.workerLoop");
interface JobLoop {
  timer?: NodeJS.Timeout;
  wake?: () => void;
  done: Promise<void>;
}
interface LoopState {
  running: boolean;
  loops: JobLoop[];
}
const g = globalThis as unknown as { [KEY]?: LoopState };

function runJobLoop(state: LoopState, job: Job, db: Database, interval: number): JobLoop {
  const loop = {} as JobLoop;
  loop.done = (async () => {
    while (state.running) {
      const handled = await job.run(db).catch((err) => {
        logger().error({ err, job: job.name }, "worker job failed");
        return 0;
      });
      if (handled > 0) {
        // Work here usually means work for the others (a status change writes an outbox event).
        wakeOthers(state, loop);
        continue;
      }
      if (!state.running) continue;
      await new Promise<void>((resolve) => {
        loop.wake = resolve;
        loop.timer = setTimeout(resolve, interval);
      });
      loop.wake = undefined;
    }
  })();
  return loop;
}

function wakeOthers(state: LoopState, self: JobLoop): void {
  for (const other of state.loops) {
    if (other !== self && other.wake) {
      clearTimeout(other.timer);
      other.wake();
    }
  }
}

export function startWorkerLoop(): void {
  if (g[KEY]?.running) return;
  const state: LoopState = { running: true, loops: [] };
  g[KEY] = state;
  const interval = env().WORKER_INTERVAL_MS;
  void getDb().then((db) => {
    if (!state.running) return;
    state.loops = jobs.map((job) => runJobLoop(state, job, db, interval));
    logger().info({ intervalMs: interval, jobs: jobs.map((j) => j.name) }, "worker loop started");
  });
}

export function wakeWorker(): void {
  for (const loop of g[KEY]?.loops ?? []) {
    if (loop.wake) {
      clearTimeout(loop.timer);
      loop.wake();
    }
  }
}

export async function stopWorkerLoop(): Promise<void> {
  const state = g[KEY];
  if (!state) return;
  state.running = false;
  wakeWorker();
  await Promise.all(state.loops.map((l) => l.done));
  g[KEY] = undefined;
}
