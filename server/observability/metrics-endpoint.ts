import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import { AggregatorRegistry } from "prom-client";
import { env } from "../env";
import { logger } from "../logger";
import { metricsEnabled, registry, startDefaultMetrics } from "./metrics";

/**
 * Where Prometheus reads the metrics (docs/operations.md, "Metrics"):
 *  - METRICS_PORT: a separate listener serving `GET /metrics` without a token, for a
 *    scraper on the private network. With API_WORKERS > 1 the cluster primary listens and
 *    aggregates its workers (prom-client's AggregatorRegistry over the cluster IPC).
 *  - METRICS_TOKEN: `GET /metrics` on the main port with `Authorization: Bearer <token>`.
 *    In a cluster the worker that takes the request asks the primary for the aggregate.
 * Neither set (or METRICS_ENABLED=0): `/metrics` answers 404, like any unknown path.
 */
const CONTENT_TYPE = registry.contentType;
const ASK = "sika:metrics:ask";
const ANSWER = "sika:metrics:answer";

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let aggregator: AggregatorRegistry<"text/plain; version=0.0.4; charset=utf-8"> | undefined;

/** In a cluster worker: answer the primary's collection requests with this process's registry. */
export function joinClusterMetrics(): void {
  if (!metricsEnabled()) return;
  startDefaultMetrics();
  if (!cluster.isWorker || aggregator) return;
  aggregator = new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** The metrics text of this process, or of every worker when this is the cluster primary. */
async function localText(): Promise<string> {
  if (cluster.isPrimary && aggregator && Object.keys(cluster.workers ?? {}).length > 0) return aggregator.clusterMetrics();
  return registry.metrics();
}

let asked = 0;
const waiting = new Map<number, (a: Answer) => void>();

/** A worker's way to the aggregate: the primary collects from every worker and answers. */
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the cluster primary did not answer"));
    }, 5_000);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (a.text !== undefined) resolve(a.text);
      else reject(new Error(a.error ?? "no metrics"));
    });
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}

if (cluster.isWorker) {
  process.on("message", (m: Answer) => {
    if (m?.type === ANSWER) waiting.get(m.id)?.(m);
  });
}

/** The text `/metrics` serves: aggregated over the cluster when there is one. */
export function metricsText(): Promise<string> {
  return cluster.isWorker && process.send ? askPrimary() : localText();
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = crypto.createHash("sha256").update(header.slice(7).trim()).digest();
  const wanted = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(given, wanted);
}

/** True when this request is `/metrics` (any method), which the main port handles itself. */
export function isMetricsPath(url: string | undefined): boolean {
  return url === "/metrics" || (url?.startsWith("/metrics?") ?? false);
}

function send(res: http.ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8", extra: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), "cache-control": "no-store", ...extra });
  res.end(body);
}

async function serveText(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "Method Not Allowed\n", undefined, { allow: "GET, HEAD" });
  try {
    send(res, 200, await metricsText(), CONTENT_TYPE);
  } catch (err) {
    logger().warn({ err }, "metrics could not be collected");
    send(res, 503, "metrics unavailable\n");
  }
}

/** `/metrics` on the main port: only with METRICS_TOKEN, only with the right bearer. */
export function serveMetricsOnMainPort(req: http.IncomingMessage, res: http.ServerResponse): void {
  const token = env().METRICS_TOKEN;
  if (!metricsEnabled() || !token) {
    return send(res, 404, JSON.stringify({ status: "error", message: "Not found", data: null }), "application/json; charset=utf-8");
  }
  if (!bearerMatches(req.headers.authorization, token)) {
    return send(res, 401, "Unauthorized\n", undefined, { "www-authenticate": 'Bearer realm="metrics"' });
  }
  void serveText(req, res);
}

/**
 * Starts the METRICS_PORT listener where it belongs: the single process, or the cluster
 * primary (which then also answers its workers' requests for the aggregate).
 */
export async function startMetricsListener(): Promise<http.Server | null> {
  if (!metricsEnabled()) return null;
  if (cluster.isPrimary) {
    startDefaultMetrics();
    aggregator ??= new AggregatorRegistry();
    cluster.on("message", (worker, m: Ask) => {
      if (m?.type !== ASK) return;
      localText().then(
        (text) => worker.send({ type: ANSWER, id: m.id, text } satisfies Answer),
        (err: Error) => worker.send({ type: ANSWER, id: m.id, error: err.message } satisfies Answer),
      );
    });
  }
  const port = env().METRICS_PORT;
  if (!port || cluster.isWorker) return null;
  const server = http.createServer((req, res) => {
    if (isMetricsPath(req.url)) return void serveText(req, res);
    send(res, 404, "Not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, env().METRICS_HOST, () => resolve());
  });
  server.unref();
  logger().info({ port, host: env().METRICS_HOST }, "metrics listening");
  return server;
}

/** A serving process's start: answer the primary's collections (cluster worker) or listen on METRICS_PORT. */
export async function startMetrics(): Promise<void> {
  joinClusterMetrics();
  await startMetricsListener();
}
