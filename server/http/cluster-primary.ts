import cluster from "node:cluster";
import { demoSeedAllowed } from "../config-check";
import { closeDatabase, getDb } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";
import { installProcessSafety } from "../process-safety";
import { startMetricsListener } from "../observability/metrics-endpoint";
import { printDemoCredentials, seedDemo } from "../seed/demo";
import { seedReferenceData } from "../seed/reference-data";
import { separateSharedWebhookSecrets } from "../webhooks/separate-secrets";

/**
 * API_WORKERS=n for both entries (`npm start`, `npm run start:api`): the primary migrates
 * and seeds once, then forks n processes sharing the port (node:cluster); each worker
 * boots without seeding (two processes seeding the demo merchant at once would race on
 * its unique e-mail). A worker that dies is replaced; SIGTERM/SIGINT are passed on and
 * each worker drains its own requests.
 */
async function prepareOnce(): Promise<void> {
  const db = await getDb();
  await seedReferenceData(db);
  await separateSharedWebhookSecrets(db);
  if (demoSeedAllowed()) printDemoCredentials(await seedDemo(db), `http://localhost:${env().PORT}`);
  await closeDatabase();
}

/**
 * API_WORKERS as a process count. Several processes need PostgreSQL: the embedded database
 * is one process's folder (server/db/pglite-lock.ts refuses a second opener), so with
 * DATABASE_URL unset every forked worker died at boot and was forked again, without end.
 * That start is refused instead, naming the setting, like the production checks
 * (config-check.ts) refuse theirs.
 */
export function apiWorkerCount(): number {
  const workers = Math.max(1, env().API_WORKERS || 1);
  if (workers > 1 && !env().DATABASE_URL) {
    console.error(`API_WORKERS=${workers} needs DATABASE_URL (PostgreSQL): the embedded database serves one process. Set DATABASE_URL, or API_WORKERS=1.`);
    process.exit(1);
  }
  return workers;
}

export async function runClusterPrimary(workers: number, name: string): Promise<void> {
  // The forked workers install theirs in boot(); the primary only migrates, seeds and forks.
  installProcessSafety(() => process.exit(1));
  await prepareOnce();
  let stopping = false;
  const fork = () => cluster.fork({ SEED_DEMO: "0", API_WORKERS: "1" });
  // METRICS_PORT: the primary serves the sum over its workers (metrics-endpoint.ts).
  await startMetricsListener();
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger().error({ pid: worker.process.pid, code, signal }, `${name} worker died; starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  logger().info({ workers }, `${name} primary started`);
}
