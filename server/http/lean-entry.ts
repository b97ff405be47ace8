import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import { boot } from "../boot";
import { closeDatabase, getDb } from "../db/client";
import { env } from "../env";
import { logger } from "../logger";
import { printDemoCredentials, seedDemo } from "../seed/demo";
import { seedReferenceData } from "../seed/reference-data";
import { createLeanServer } from "./node-server";

/**
 * `npm run start:api`: the /api/v1 route modules (+ /api/healthz, /api/readyz,
 * /api/worker) on plain node:http, without the Next.js request pipeline, with the
 * worker loop in-process. PORT picks the port (default 3000).
 *
 * API_WORKERS=n (default 1) forks n processes sharing the port (node:cluster). The
 * primary migrates and seeds once, then each worker boots without seeding (two
 * processes seeding the demo merchant at once would race on its unique e-mail).
 * SIGTERM/SIGINT: stop accepting, finish the requests in flight, stop the worker loop,
 * close the database.
 */
const DRAIN_MS = 8_000;

async function serve(): Promise<void> {
  const server = createLeanServer();
  // Keep-alive longer than typical load balancers' idle timeout, so they close first.
  server.keepAliveTimeout = 65_000;
  const drain = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        resolve();
      }, DRAIN_MS);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
  const port = env().PORT;
  await boot({ baseUrl: `http://localhost:${port}`, beforeShutdown: drain });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  const address = server.address() as AddressInfo;
  logger().info({ port: address.port, pid: process.pid }, "lean API listening");
}

async function prepareOnce(): Promise<void> {
  // Migrations (getDb) and seeds, once, before any worker starts.
  const db = await getDb();
  await seedReferenceData(db);
  if (env().SEED_DEMO === "1") printDemoCredentials(await seedDemo(db), `http://localhost:${env().PORT}`);
  await closeDatabase();
}

async function primary(workers: number): Promise<void> {
  await prepareOnce();
  let stopping = false;
  const fork = () => cluster.fork({ SEED_DEMO: "0", API_WORKERS: "1" });
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger().error({ pid: worker.process.pid, code, signal }, "API worker died; starting another");
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
  logger().info({ workers }, "lean API primary started");
}

const workers = Math.max(1, Number(process.env.API_WORKERS ?? "1") || 1);
const main = cluster.isPrimary && workers > 1 ? primary(workers) : serve();
main.catch((err) => {
  logger().fatal({ err }, "lean API failed to start");
  process.exit(1);
});
