import http from "node:http";
import path from "node:path";
import { env } from "../env";
import { stampClientAddress } from "../auth/client-address";
import { bodyCapFor, capRequestBody } from "./body-caps";
import { errors } from "../errors";
import { errorResponse } from "./envelope";
import { LeanRequest, responseText, enableLeanResponses } from "./lean-fetch";
import { HSTS, publicUrlIsHttps, securityHeaders } from "./security-headers.mjs";
import { discoverRoutes, matchRoute, type RouteEntry, type RouteModule } from "./route-table";
import { recordApiRequest, traced } from "../observability/http-hook";

/**
 * Serves the Fetch-API route modules of app/api on plain node:http, without the
 * Next.js request pipeline (integration tests, `npm run start:api`). Route modules get
 * a LeanRequest and (mostly) return TextResponses, see lean-fetch.ts for why.
 */
export interface LeanServerOptions {
  appDir?: string;
  prefixes?: string[];
}

const INTERNAL_ERROR = JSON.stringify({ status: "error", message: "Internal server error", data: null });
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The absolute URL of the request; a Host header URL parsing would refuse is replaced. */
function requestUrl(req: http.IncomingMessage): URL {
  const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : "localhost";
  const target = req.url ?? "/";
  try {
    return new URL(target.startsWith("/") ? `http://${host}${target}` : `http://${host}/${target}`);
  } catch {
    return new URL(`http://${host}/`);
  }
}

export function createLeanHandler(opts: LeanServerOptions = {}) {
  const appDir = opts.appDir ?? path.join(process.cwd(), "app");
  const routes: RouteEntry[] = discoverRoutes(appDir, opts.prefixes ?? ["api/v1", "api/healthz", "api/readyz", "api/worker", "api/connectors"]);
  const modules = new Map<string, RouteModule | Promise<RouteModule>>();

  return async function handle(req: Request, pathname = new URL(req.url).pathname): Promise<Response> {
    const found = matchRoute(routes, pathname);
    if (!found) return errorResponse(errors.notFound());
    // The route template, for the metrics and the request's span (observability/http-hook.ts).
    (req as { routeTemplate?: string }).routeTemplate = found.entry.pattern;
    let mod = modules.get(found.entry.file);
    if (!mod) {
      const loading = found.entry.load();
      modules.set(found.entry.file, loading);
      mod = await loading;
      modules.set(found.entry.file, mod);
    } else if (mod instanceof Promise) {
      mod = await mod;
    }
    const method = req.method === "HEAD" ? "GET" : req.method;
    const handler = mod[method];
    if (!handler) return errorResponse(errors.methodNotAllowed());
    return handler(req, { params: Promise.resolve(found.params) });
  };
}

/** The same security headers as next.config.js (docs/security.md), computed once. */
let baseHeaders: string[] | undefined;
/** publicUrlIsHttps() read process.env on every response: once per parsed environment instead (tests reset it). */
let httpsOf: { env: ReturnType<typeof env>; https: boolean } | undefined;
function publicHttps(): boolean {
  const e = env();
  if (httpsOf?.env !== e) httpsOf = { env: e, https: publicUrlIsHttps({ PUBLIC_BASE_URL: e.PUBLIC_BASE_URL, NEXTAUTH_URL: e.NEXTAUTH_URL }) };
  return httpsOf.https;
}
export function hardeningHeaders(req: http.IncomingMessage): string[] {
  baseHeaders ??= securityHeaders(false).flatMap((h) => [h.key.toLowerCase(), h.value]);
  const https = publicHttps() || req.headers["x-forwarded-proto"] === "https" || (req.socket as { encrypted?: boolean }).encrypted === true;
  return https ? [...baseHeaders, "strict-transport-security", HSTS] : baseHeaders;
}

async function writeResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  const text = responseText(response);
  const out = text !== undefined ? text : Buffer.from(await response.arrayBuffer());
  const headers: string[] = hardeningHeaders(req).slice();
  response.headers.forEach((v, k) => {
    if (k !== "content-length") headers.push(k, v);
  });
  headers.push("content-length", String(typeof out === "string" ? Buffer.byteLength(out) : out.length));
  res.writeHead(response.status, headers);
  res.end(req.method === "HEAD" ? undefined : out);
}

/**
 * The node:http listener of the lean path: `start:api` serves everything with it, the
 * production entry (`npm start`) hands it /api/v1, health and the worker route.
 */
export function createLeanListener(opts: LeanServerOptions = {}): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> {
  enableLeanResponses();
  const handle = createLeanHandler(opts);
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    // The client's address from the socket (issue 19 §4), for the limits behind.
    stampClientAddress(req);
    // /api/v1 caps its body after authentication (body-limit.ts); the rest here (§5).
    if (!req.url?.startsWith("/api/v1") && !capRequestBody(req, res, bodyCapFor(req.url), hardeningHeaders(req))) return;
    try {
      // The body stays unread until the route asks for it (after authentication); what a
      // route never reads is discarded by node as it arrives, or the connection is closed.
      const started = performance.now();
      const url = requestUrl(req);
      const lean = new LeanRequest(req, url) as LeanRequest & { routeTemplate?: string };
      const response = await traced(req, url.pathname, () => lean.routeTemplate, () => handle(lean as unknown as Request, url.pathname));
      if (!req.complete && req.method !== "GET" && req.method !== "HEAD" && (response.status === 413 || !lean.bodyRead)) {
        response.headers.set("connection", "close");
      }
      await writeResponse(req, res, response);
      recordApiRequest(req.method, lean.routeTemplate, response.status, started);
    } catch {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const h = hardeningHeaders(req);
      res.writeHead(500, [...h, "content-type", "application/json; charset=utf-8", "content-length", String(Buffer.byteLength(INTERNAL_ERROR))]);
      res.end(INTERNAL_ERROR);
    }
  };
}

export function createLeanServer(opts: LeanServerOptions = {}): http.Server {
  const serve = createLeanListener(opts);
  return http.createServer((req, res) => void serve(req, res));
}
