import cluster from "node:cluster";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { boot } from "../boot";
import { assertStartable } from "../config-check";
import { env } from "../env";
import { logger } from "../logger";
import { apiWorkerCount, runClusterPrimary } from "./cluster-primary";
import { drainServer } from "./drain";
import { createLeanListener } from "./node-server";
import type { RouteSource } from "./route-table";
import { isMetricsPath, serveMetricsOnMainPort, startMetrics } from "../observability/metrics-endpoint";

/** The generated route table (app/api/route-modules.generated.ts), loaded by the entry file. */
export type LoadRoutes = () => Promise<readonly RouteSource[]>;

/**
 * `npm run start:api` (through scripts/lean-entry.ts, which makes production the default
 * and hands in the route table): the /api/v1 route modules (+ /api/healthz, /api/readyz,
 * /api/worker) on plain node:http, without Next.js at all, with the worker loop
 * in-process. PORT picks the port (default 3000). `npm start` (scripts/production-entry.ts)
 * serves the same handlers the same way and the rest of the app through Next.
 *
 * API_WORKERS=n (default 1) forks n processes sharing the port (cluster-primary.ts).
 * SIGTERM/SIGINT: stop accepting, finish the requests in flight, stop the worker loop,
 * close the database.
 */
async function serve(loadRoutes: LoadRoutes): Promise<void> {
  const lean = createLeanListener({ routes: await loadRoutes() });
  const server = http.createServer((req, res) => (isMetricsPath(req.url) ? serveMetricsOnMainPort(req, res) : void lean(req, res)));
  // Keep-alive longer than typical load balancers' idle timeout, so they close first.
  server.keepAliveTimeout = 65_000;
  const port = env().PORT;
  await boot({ baseUrl: `http://localhost:${port}`, beforeShutdown: drainServer(server) });
  await startMetrics();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  const address = server.address() as AddressInfo;
  logger().info({ port: address.port, pid: process.pid }, "lean API listening");
}

export function runLeanApi(loadRoutes: LoadRoutes): void {
  // D14: a production start names every missing or invalid setting and exits before serving.
  assertStartable();
  const workers = apiWorkerCount();
  const main = cluster.isPrimary && workers > 1 ? runClusterPrimary(workers, "lean API") : serve(loadRoutes);
  main.catch((err) => {
    logger().fatal({ err }, "lean API failed to start");
    process.exit(1);
  });
}
