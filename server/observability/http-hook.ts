import type http from "node:http";
import { metricsEnabled, observeHttp } from "./metrics";
import { tracingEnabled, withSpan } from "./tracing";

/**
 * The HTTP entries' one hook for metrics and traces (node-server.ts for /api/v1,
 * production-server.ts for the pages Next serves). Kept apart from the request wrapper
 * (api-route.ts): it adds no await to the request path (with tracing off, `traced` is the
 * call itself) and the histogram's labels stay bounded: the route TEMPLATE of the lean
 * route table, or a fixed name for the pages.
 */
export function traced<R extends { status: number }>(req: http.IncomingMessage, path: string, routeOf: () => string | undefined, run: () => Promise<R>): Promise<R> {
  if (!tracingEnabled()) return run();
  const method = req.method ?? "GET";
  return withSpan(
    method,
    { "http.request.method": method, "url.path": path },
    async (span) => {
      const response = await run();
      const route = routeOf() ?? "unmatched";
      span?.updateName(`${method} ${route}`);
      span?.setAttributes({ "http.route": route, "http.response.status_code": response.status });
      return response;
    },
    req.headers,
  );
}

/** Records one answered /api request; `startedMs` from performance.now(). */
export function recordApiRequest(method: string | undefined, route: string | undefined, status: number, startedMs: number): void {
  if (!metricsEnabled()) return;
  observeHttp(method ?? "GET", route ?? "unmatched", status, (performance.now() - startedMs) / 1000);
}

/** The fixed set of names a page request is counted under (never its raw path). */
const PAGE_AREAS = ["/api/trpc", "/api/auth", "/api/connectors", "/dashboard", "/console", "/docs", "/checkout", "/status", "/invite", "/signin", "/signup", "/_next/static", "/_next/image"];

export function pageRoute(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0];
  if (path === "/") return "/";
  for (const area of PAGE_AREAS) if (path === area || path.startsWith(`${area}/`)) return area;
  return "other";
}

/** A request Next serves: timed to the end of its response, and traced when tracing is on. */
export function observePage(req: http.IncomingMessage, res: http.ServerResponse, serve: () => void): void {
  if (metricsEnabled()) {
    const started = performance.now();
    res.once("finish", () => observeHttp(req.method ?? "GET", pageRoute(req.url), res.statusCode, (performance.now() - started) / 1000));
  }
  if (!tracingEnabled()) return serve();
  const method = req.method ?? "GET";
  void withSpan(
    `${method} ${pageRoute(req.url)}`,
    { "http.request.method": method, "http.route": pageRoute(req.url) },
    (span) =>
      new Promise<void>((resolve) => {
        res.once("close", () => {
          span?.setAttribute("http.response.status_code", res.statusCode);
          resolve();
        });
        serve();
      }),
    req.headers,
  );
}
