import cluster from "node:cluster";
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { boot } from "../boot";
import { assertStartable } from "../config-check";
import { env } from "../env";
import { logger } from "../logger";
import { apiWorkerCount, runClusterPrimary } from "./cluster-primary";
import { drainServer } from "./drain";
import { createLeanListener, hardeningHeaders } from "./node-server";
import { stampClientAddress } from "../auth/client-address";
import { bodyCapFor, capRequestBody } from "./body-caps";
import { observePage } from "../observability/http-hook";
import type { LoadRoutes } from "./lean-server";
import { isMetricsPath, serveMetricsOnMainPort, startMetrics } from "../observability/metrics-endpoint";
import { mendMalformedTarget } from "./malformed-path";

/**
 * One production process, two speeds (docs/architecture.md, "Entries"): /api/v1/*, the
 * health routes and the worker route go to the lean Fetch-API handlers (node-server.ts,
 * the same modules Next would run, without its request pipeline: 3-4x the throughput);
 * everything else (dashboard, docs, tRPC, next-auth, checkout) to Next's request handler
 * on the `next build` output. Both paths send the security headers (node-server.ts and
 * next.config.js headers()). Next's conventions hold: instrumentation.ts runs in
 * app.prepare() (boot() is idempotent per process, so it finds the database opened and the
 * worker loop started here), next.config.js is read, NEXT_DIST_DIR picks the build.
 *
 * API_WORKERS=n forks n such processes on one port (cluster-primary.ts).
 */
const LEAN_PREFIXES = ["/api/v1/", "/api/healthz", "/api/readyz", "/api/worker"];

export function servedLean(url: string | undefined): boolean {
  if (!url) return false;
  for (const p of LEAN_PREFIXES) {
    if (url.startsWith(p)) {
      // exact health/worker routes (and their query strings); /api/v1/ and anything under it
      if (p.endsWith("/")) return true;
      const rest = url.charCodeAt(p.length);
      if (Number.isNaN(rest) || rest === 63 /* ? */ || rest === 47 /* / */) return true;
    }
  }
  return url === "/api/v1" || url.startsWith("/api/v1?");
}

async function serve(loadRoutes: LoadRoutes): Promise<void> {
  const port = env().PORT;
  const lean = createLeanListener({ routes: await loadRoutes() });
  const app = next({ dev: false, dir: process.cwd(), port, hostname: "localhost" });
  const nextHandle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    if (servedLean(req.url)) {
      void lean(req, res);
      return;
    }
    if (isMetricsPath(req.url)) return serveMetricsOnMainPort(req, res);
    // Next's part: the client address from the socket (issue 19 §4) and a body cap per
    // path (§5: callbacks, next-auth, tRPC, pages), both before Next reads anything.
    stampClientAddress(req);
    // A path segment that does not decode is an unknown id to our pages, not Next's bare 500 (malformed-path.ts).
    req.url = mendMalformedTarget(req.url ?? "/") ?? req.url;
    if (!capRequestBody(req, res, bodyCapFor(req.url), hardeningHeaders(req, "page"))) return;
    observePage(req, res, () => void nextHandle(req, res));
  });
  // Keep-alive longer than typical load balancers' idle timeout, so they close first.
  server.keepAliveTimeout = 65_000;
  await boot({ baseUrl: `http://localhost:${port}`, beforeShutdown: drainServer(server) });
  await app.prepare();
  await startMetrics();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  const address = server.address() as AddressInfo;
  logger().info({ port: address.port, pid: process.pid }, "Sika listening (Next + lean /api/v1)");
}

/** `npm start` (scripts/production-entry.ts, which hands in the route table). */
export function runProduction(loadRoutes: LoadRoutes): void {
  // D14: a production start names every missing or invalid setting and exits before serving.
  assertStartable();
  const workers = apiWorkerCount();
  const main = cluster.isPrimary && workers > 1 ? runClusterPrimary(workers, "Sika") : serve(loadRoutes);
  main.catch((err) => {
    logger().fatal({ err }, "Sika failed to start");
    process.exit(1);
  });
}
