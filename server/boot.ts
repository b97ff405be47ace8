import { closeDatabase, getDb } from "./db/client";
import { env } from "./env";
import { logger } from "./logger";
import { printDemoCredentials, seedDemo } from "./seed/demo";
import { seedReferenceData } from "./seed/reference-data";
import { startWorkerLoop, stopWorkerLoop } from "./worker/loop";

/**
 * Server start (Next instrumentation and the lean entry): open the database (which
 * applies migrations), seed reference data and the demo merchant, start the worker
 * loop, and close everything on shutdown so PGlite flushes its data folder.
 */
const KEY = Symbol.for("sika.booted");
const g = globalThis as unknown as { [KEY]?: Promise<void> };

export interface BootOptions {
  baseUrl?: string;
  /** Runs first on SIGTERM/SIGINT (the lean entry stops accepting and drains requests here). */
  beforeShutdown?: () => Promise<void>;
}

export function boot(opts: BootOptions = {}): Promise<void> {
  g[KEY] ??= (async () => {
    const db = await getDb();
    await seedReferenceData(db);
    if (env().SEED_DEMO === "1") {
      printDemoCredentials(await seedDemo(db), opts.baseUrl ?? `http://localhost:${env().PORT}`);
    }
    if (env().WORKER_ENABLED === "1") startWorkerLoop();
    installShutdown(opts.beforeShutdown);
  })();
  return g[KEY];
}

let shuttingDown = false;
function installShutdown(beforeShutdown?: () => Promise<void>): void {
  const stop = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger().info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await beforeShutdown?.().catch(() => {});
    await stopWorkerLoop().catch(() => {});
    await closeDatabase().catch(() => {});
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
