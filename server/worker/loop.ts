import { getWorkerDatabaseHandle, type Database } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";
import { isConnectionError } from "../db/resilience";
import { onCheckDue } from "../payments/due-hints";
import { jobs, type Job } from "./jobs";

/**
 * The in-process worker started with the server (dev, production, lean entry): one
 * loop per job, so a slow webhook receiver never delays lifecycle processing. A pass
 * that did work is followed at once by another; an idle one waits until the job's next
 * item falls due (lifecycle: the earliest next_check_at), at most WORKER_INTERVAL_MS.
 * `wakeWorker()` cuts the wait short (new outbox events, resend).
 */
const KEY = Symbol.for("sika.workerLoop");
interface JobLoop {
  timer?: NodeJS.Timeout;
  wake?: () => void;
  /** When the current sleep ends (epoch ms). */
  sleepUntil?: number;
  done: Promise<void>;
}
interface LoopState {
  running: boolean;
  loops: JobLoop[];
  unsubscribe?: () => void;
}
const g = globalThis as unknown as { [KEY]?: LoopState };

function runJobLoop(state: LoopState, job: Job, db: Database, interval: number): JobLoop {
  const loop = {} as JobLoop;
  loop.done = (async () => {
    while (state.running) {
      const handled = await job.run(db).catch((err) => {
        // The database away (restarting, or no connection in time while a slow machine
        // loads Next at start) is not the job's failure: it runs again on the next tick.
        if (isConnectionError(err)) logger().warn({ err, job: job.name }, "worker job: database unavailable, will retry");
        else logger().error({ err, job: job.name }, "worker job failed");
        return 0;
      });
      if (handled > 0) {
        // Work here usually means work for the others (a status change writes an outbox event).
        wakeOthers(state, loop);
        continue;
      }
      if (!state.running) continue;
      const wait = await idleWait(job, db, interval);
      if (!state.running) continue;
      await new Promise<void>((resolve) => {
        loop.wake = resolve;
        loop.sleepUntil = Date.now() + wait;
        loop.timer = setTimeout(resolve, wait);
      });
      loop.wake = undefined;
      loop.sleepUntil = undefined;
    }
  })();
  return loop;
}

/** Until the job's next item falls due, at most `interval` (a few ms late: its clock may run ahead). */
async function idleWait(job: Job, db: Database, interval: number): Promise<number> {
  if (!job.nextDueAt) return interval;
  const next = await job.nextDueAt(db).catch(() => null);
  if (!next) return interval;
  return Math.max(0, Math.min(interval, next.getTime() - Date.now() + 5));
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
  // Its own pool: API load cannot starve lifecycle and webhook jobs of connections.
  void getWorkerDatabaseHandle()
    .then(({ db }) => {
      if (!state.running) return;
      state.loops = jobs.map((job) => runJobLoop(state, job, db, interval));
      // A transaction created here tells when its first check is due: a sleeping loop of a
      // job that schedules by due time wakes then, not at the end of its interval.
      const scheduled = state.loops.filter((_, i) => jobs[i].nextDueAt);
      state.unsubscribe = onCheckDue((at) => {
        for (const loop of scheduled) wakeAt(loop, at.getTime() + 5);
      });
      logger().info({ intervalMs: interval, jobs: jobs.map((j) => j.name) }, "worker loop started");
    })
    .catch((err) => {
      logger().error({ err }, "worker loop could not open its database; retrying");
      state.running = false;
      g[KEY] = undefined;
      setTimeout(startWorkerLoop, 1000).unref();
    });
}

function wakeAt(loop: JobLoop, at: number): void {
  if (!loop.wake || loop.sleepUntil === undefined || loop.sleepUntil <= at) return;
  clearTimeout(loop.timer);
  loop.sleepUntil = at;
  loop.timer = setTimeout(loop.wake, Math.max(0, at - Date.now()));
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
  state.unsubscribe?.();
  wakeWorker();
  await Promise.all(state.loops.map((l) => l.done));
  g[KEY] = undefined;
}
