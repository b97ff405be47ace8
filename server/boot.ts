import path from "node:path";
import { assertStartable, demoSeedAllowed } from "./config-check";
import { startAdminSocket } from "./cli/admin-socket";
import { closeDatabase, getDb } from "./db/client";
import { env } from "./env";
import { logger } from "./logger";
import { installProcessSafety } from "./process-safety";
import { startTracing, stopTracing } from "./observability/tracing";
import { printDemoCredentials, seedDemo } from "./seed/demo";
import { seedReferenceData } from "./seed/reference-data";
import { separateSharedWebhookSecrets } from "./webhooks/separate-secrets";
import { startWorkerLoop, stopWorkerLoop } from "./worker/loop";
import { warnIfMailNotConfigured } from "./mail/startup-check";

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
  /** D14 production settings check (default true; off only while `next build` prerenders). */
  checkConfig?: boolean;
}

export function boot(opts: BootOptions = {}): Promise<void> {
  g[KEY] ??= (async () => {
    if (opts.checkConfig !== false) assertStartable();
    await startTracing();
    installProcessSafety(() => void shutdown("uncaughtException", 1));
    warnIfMailNotConfigured();
    const db = await getDb();
    await seedReferenceData(db);
    // The embedded database is this process's alone: the admin CLI's commands come through it.
    if (!env().DATABASE_URL) await startAdminSocket(path.resolve(env().PGLITE_DATA_DIR), db).catch((err) => logger().warn({ err }, "admin CLI socket not started"));
    await separateSharedWebhookSecrets(db);
    if (demoSeedAllowed()) {
      printDemoCredentials(await seedDemo(db), opts.baseUrl ?? `http://localhost:${env().PORT}`);
    }
    if (env().WORKER_ENABLED === "1") startWorkerLoop();
    installShutdown(opts.beforeShutdown);
  })();
  return g[KEY];
}

let shuttingDown = false;
let beforeShutdownHook: (() => Promise<void>) | undefined;

/** Drain, stop the worker, close the database (bounded: never waits on a dead connection). */
async function shutdown(signal: string, code = 0): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger().info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(code || 1), 10_000);
  force.unref();
  await beforeShutdownHook?.().catch(() => {});
  await stopWorkerLoop().catch(() => {});
  await closeDatabase().catch(() => {});
  await stopTracing();
  logger().flush?.();
  process.exit(code);
}

function installShutdown(beforeShutdown?: () => Promise<void>): void {
  beforeShutdownHook = beforeShutdown;
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
