import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "../logger";
import type { LogBatch } from "./log-batch.mjs";

/**
 * The request log's batches sent from a thread of their own (copy-thread.mjs) instead of
 * the thread that serves the API. Measured (docs/benchmarks.md, issue 23): turning the
 * ~500 KB text of a batch into bytes and writing it to PostgreSQL cost the API thread most
 * of the log's 7-10 %; later (issue 26) building the rows and the text, and the copy of that
 * text into the message, were found to cost it 6-8 µs an entry, so the thread receives the
 * batch as columns (log-batch.mjs) and does all of it.
 * The thread has its own connection, so the API's pool is not held during a COPY either.
 *
 * Where the thread cannot start (a deployment without the source tree's file) or once it
 * has died, `null` / `alive === false` send the caller back to the in-process
 * writer (copy-rows.ts): the log is never lost for want of a thread.
 */
export interface CopyThread {
  readonly alive: boolean;
  write(batch: LogBatch): Promise<void>;
  stop(): Promise<void>;
}

interface Options {
  url: string;
  sql: string;
  statementTimeoutMs: number;
}

/** Found from the working directory, as the migrations are: no bundler rewrites a path built at run time. */
const THREAD_FILE = () => path.join(process.cwd(), "server", "request-logs", "copy-thread.mjs");

const running = new Set<CopyThread>();

export function startCopyThread(opts: Options): CopyThread | null {
  const file = THREAD_FILE();
  if (!fs.existsSync(file)) return null;
  let worker: Worker;
  try {
    // Plain JavaScript: no TypeScript loader (execArgv) needed, and none inherited.
    worker = new Worker(file, { workerData: opts, execArgv: [] });
  } catch (err) {
    logger().warn({ err }, "request log thread could not start: writing in process");
    return null;
  }
  worker.unref();
  let alive = true;
  let seq = 0;
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  let stopped: (() => void) | null = null;
  const fail = (why: string) => {
    if (!alive) return;
    alive = false;
    running.delete(thread);
    for (const p of pending.values()) p.reject(new Error(why));
    pending.clear();
    stopped?.();
  };
  worker.on("message", (m: { type: string; id?: number; error?: string }) => {
    if (m.type === "stopped") return stopped?.();
    const p = pending.get(m.id ?? -1);
    if (!p) return;
    pending.delete(m.id!);
    if (m.error) p.reject(new Error(m.error));
    else p.resolve();
  });
  worker.on("error", (err) => {
    logger().warn({ err }, "request log thread failed: writing in process");
    fail("request log thread failed");
  });
  worker.on("exit", () => fail("request log thread exited"));

  const thread: CopyThread = {
    get alive() {
      return alive;
    },
    write(batch) {
      if (!alive) return Promise.reject(new Error("request log thread is not running"));
      const id = ++seq;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, batch });
      });
    },
    async stop() {
      if (!alive) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3_000);
        stopped = () => (clearTimeout(timer), resolve());
        worker.postMessage({ type: "stop" });
      });
      alive = false;
      running.delete(thread);
      await worker.terminate();
    },
  };
  running.add(thread);
  return thread;
}

/** Ends every writer thread (after the last flush: shutdown, tests). */
export async function stopCopyThreads(): Promise<void> {
  await Promise.all([...running].map((t) => t.stop()));
}
