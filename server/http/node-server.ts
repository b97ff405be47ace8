import http from "node:http";
import { env } from "../env";
import { stampClientAddress } from "../auth/client-address";
import { bodyCapFor, capRequestBody, drainsRefusedBody } from "./body-caps";
import { AppError, errors } from "../errors";
import { errorResponse } from "./envelope";
import type { ApiResult } from "./api-result";
import { methodNotAllowed, type FetchHandler, type NeutralHandler } from "./api-route";
import { NodeRequestView } from "./node-request";
import { apiSecurityHeaders, HSTS, publicUrlIsHttps, securityHeaders } from "./security-headers.mjs";
import { buildRouteTable, matchRoute, type RouteSource } from "./route-table";
import { recordApiRequest, traced } from "../observability/http-hook";

/**
 * Serves the route modules of app/api on plain node:http, without the Next.js request
 * pipeline (`npm run start:api`, `npm start`'s /api/v1, integration tests). The modules come
 * from the generated table the entry files pass in (app/api/route-modules.generated.ts).
 * Endpoints (api-route.ts) are called through their `serve`: a NodeRequestView in, an
 * ApiResult out, written here as it is; no Fetch Request or Response is built (issue 26).
 * Handlers without `serve` (the operator callbacks, not on a hot path) get a Fetch Request.
 */
export interface LeanServerOptions {
  /** The route modules with their patterns (the generated table). */
  routes: readonly RouteSource[];
  /** Only the patterns under these (default: all of them). */
  prefixes?: string[];
}

const INTERNAL_ERROR = JSON.stringify({ status: "error", message: "Internal server error", data: null });

type Answer = ApiResult | Response;

/** The route table's answer to one request: the matched module's method, called the neutral way when it can be. */
export function createLeanHandler(opts: LeanServerOptions) {
  const routes = buildRouteTable(opts.routes, opts.prefixes);
  return async function handle(req: NodeRequestView): Promise<Answer> {
    const found = matchRoute(routes, req.pathname);
    if (!found) return errorResponse(errors.notFound());
    // The route template, for the metrics and the request's span (observability/http-hook.ts).
    req.routeTemplate = found.entry.pattern;
    const method = req.method === "HEAD" ? "GET" : req.method;
    const handler = found.entry.module[method] as (FetchHandler & { serve?: NeutralHandler }) | undefined;
    if (typeof handler !== "function") {
      // OPTIONS and the like: the public API's 405 is the wrapped one (a request id, both logs).
      return found.entry.pattern.startsWith("/api/v1/") ? methodNotAllowed.serve(req, found.params) : errorResponse(errors.methodNotAllowed());
    }
    if (handler.serve) return handler.serve(req, found.params);
    try {
      return await handler(await req.toFetchRequest(), { params: Promise.resolve(found.params) });
    } catch (err) {
      if (err instanceof AppError) return errorResponse(err);
      throw err;
    }
  };
}

/**
 * The same security headers as next.config.js (docs/security.md), computed once: the API's
 * set on what this listener serves (every path of it is under /api), the pages' set on what
 * the production entry hands to Next (its body-cap refusals).
 */
const headerSets: Partial<Record<"api" | "page", string[]>> = {};
const flat = (list: Array<{ key: string; value: string }>) => list.flatMap((h) => [h.key.toLowerCase(), h.value]);
/** publicUrlIsHttps() read process.env on every response: once per parsed environment instead (tests reset it). */
let httpsOf: { env: ReturnType<typeof env>; https: boolean } | undefined;
function publicHttps(): boolean {
  const e = env();
  if (httpsOf?.env !== e) httpsOf = { env: e, https: publicUrlIsHttps({ PUBLIC_BASE_URL: e.PUBLIC_BASE_URL, NEXTAUTH_URL: e.NEXTAUTH_URL }) };
  return httpsOf.https;
}
export function hardeningHeaders(req: http.IncomingMessage, kind: "api" | "page" = "api"): string[] {
  const base = (headerSets[kind] ??= flat(kind === "api" ? apiSecurityHeaders() : securityHeaders(false)));
  const https = publicHttps() || req.headers["x-forwarded-proto"] === "https" || (req.socket as { encrypted?: boolean }).encrypted === true;
  return https ? [...base, "strict-transport-security", HSTS] : base;
}

/**
 * Writes an answer: an ApiResult as it is, a Fetch Response (fallback handlers) read first.
 * The connection is this server's business (closesAfterAnswer), so an answer's own
 * `Connection` header (the 413 error carries `close` for the Fetch entry) is not copied.
 */
async function writeAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer, closeAfter: boolean): Promise<void> {
  const headers: string[] = hardeningHeaders(req).slice();
  let out: string | Buffer;
  if (answer instanceof Response) {
    out = Buffer.from(await answer.arrayBuffer());
    answer.headers.forEach((v, k) => {
      if (k !== "content-length" && k !== "connection") headers.push(k, v);
    });
  } else {
    out = answer.body;
    for (const k in answer.headers) {
      const lower = k.toLowerCase();
      if (lower !== "content-length" && lower !== "connection") headers.push(lower, answer.headers[k]);
    }
  }
  if (closeAfter) headers.push("connection", "close");
  headers.push("content-length", String(typeof out === "string" ? Buffer.byteLength(out) : out.length));
  res.writeHead(answer.status, headers);
  res.end(req.method === "HEAD" ? undefined : out);
}

/**
 * Whether to close the connection after this answer. A body left unread is discarded by
 * node as it arrives; but one the endpoint never asked for (an error before it read) or
 * a refused one larger than we care to read through is cut off: close.
 */
function closesAfterAnswer(req: http.IncomingMessage, status: number, bodyRead: boolean): boolean {
  if (req.complete || req.method === "GET" || req.method === "HEAD") return false;
  if (status === 413) return !drainsRefusedBody(req.headers["content-length"]);
  return !bodyRead;
}

/**
 * The node:http listener of the lean path: `start:api` serves everything with it, the
 * production entry (`npm start`) hands it /api/v1, health and the worker route.
 */
export function createLeanListener(opts: LeanServerOptions): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> {
  const handle = createLeanHandler(opts);
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    // The client's address from the socket (issue 19 §4), for the limits behind.
    stampClientAddress(req);
    // /api/v1 caps its body after authentication (body-limit.ts); the rest here (§5).
    if (!req.url?.startsWith("/api/v1") && !capRequestBody(req, res, bodyCapFor(req.url), hardeningHeaders(req))) return;
    try {
      const started = performance.now();
      const view = new NodeRequestView(req);
      const answer = await traced(req, view.pathname, () => view.routeTemplate, () => handle(view));
      const closeAfter = closesAfterAnswer(req, answer.status, view.bodyRead);
      await writeAnswer(req, res, answer, closeAfter);
      recordApiRequest(req.method, view.routeTemplate, answer.status, started);
    } catch {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const h = hardeningHeaders(req);
      res.writeHead(500, [...h, "content-type", "application/json; charset=utf-8", "cache-control", "no-store", "content-length", String(Buffer.byteLength(INTERNAL_ERROR))]);
      res.end(INTERNAL_ERROR);
    }
  };
}

export function createLeanServer(opts: LeanServerOptions): http.Server {
  const serve = createLeanListener(opts);
  return http.createServer((req, res) => void serve(req, res));
}
