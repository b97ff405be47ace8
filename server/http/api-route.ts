import crypto from "node:crypto";
import type { z } from "../zod";
import { getDb, openDb, type Database } from "../db/client";
import { isConnectionError, serviceUnavailable } from "../db/resilience";
import { requestDeadlineMs, withDeadline } from "../db/deadline";
import { AppError, errors } from "../errors";
import { logAccess, logger } from "../logger";
import { errorResponse } from "./envelope";
import { toFetchResponse, type ApiResult } from "./api-result";
import { fetchRequestView, type ApiRequest } from "./api-request";
import { enforceRateLimit } from "./rate-limit";
import { authenticate, type MerchantAuth } from "./request-auth";
import { accessOf, type KeyAccess } from "../auth/key-restrictions";
import { logApiRequest } from "./request-log";
import { parseOrThrow } from "../contracts/validation";

/**
 * The one wrapper around every /api/v1 route: request id, auth, rate limit, JSON body,
 * validation, error mapping, the access log and the request log. Route files stay a few
 * lines and framework-neutral: an endpoint reads an ApiRequest (api-request.ts) and
 * produces an ApiResult (api-result.ts). Each exported method is Next's Fetch handler
 * (Request in, Response out) and carries `serve`, which the lean node:http entry calls
 * with its own request view and writes the result of directly: no Fetch object on that
 * path (issue 26).
 */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Next passes `{ params: Promise<...> }`. */
export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}
export type RouteParams = Record<string, string | string[] | undefined>;
/** A route module's export as Next calls it. */
export type FetchHandler = (req: Request, ctx: RouteContext) => Promise<Response>;
/** The same handler as the lean entry calls it. */
export type NeutralHandler = (req: ApiRequest, params: RouteParams) => Promise<ApiResult>;
/** Both: what every /api/v1 export (and health, worker) is. */
export type RouteHandler = FetchHandler & { serve: NeutralHandler };

/** Next's adapter around a neutral handler: view of the Request in, Response out. */
export function servedBoth(serve: NeutralHandler): RouteHandler {
  const forNext: FetchHandler = async (req, ctx) => toFetchResponse(await serve(fetchRequestView(req), ctx?.params ? await ctx.params : {}), req.method);
  return Object.assign(forNext, { serve });
}

export interface EndpointSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  /**
   * "merchant": Bearer API key required. "none": public. "optional": the answer does not
   * depend on the key, but a valid one puts the request in its merchant's request log
   * (the 404 and 405 below).
   */
  auth: "merchant" | "none" | "optional";
  /** What a restricted key needs for it (server/auth/key-restrictions.ts); default: GET reads, other methods write. */
  keyAccess?: KeyAccess;
  body?: B;
  query?: Q;
  params?: P;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type AuthOf<A> = A extends "merchant" ? MerchantAuth : A extends "optional" ? MerchantAuth | null : null;
/** An "optional" endpoint may run without the database (no key sent, or it could not be opened). */
type DbOf<A> = A extends "optional" ? Database | undefined : Database;

export interface EndpointContext<B, Q, P, A, D = Database> {
  req: ApiRequest;
  db: D;
  auth: A;
  body: B;
  query: Q;
  params: P;
  requestId: string;
}

export type Endpoint = RouteHandler & { spec: EndpointSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined> };

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function parseJsonBody(raw: string, contentType: string | null): unknown {
  // A byte order mark in front is ignored, as RFC 8259 section 8.1 allows: Windows tools put one
  // there (PowerShell 5's files, Notepad's "UTF-8 with BOM") and Express, ASP.NET and fetch's
  // json() all read past it; JSON.parse alone refused the whole body as "not JSON".
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw explainInvalidJson(contentType, text, err);
  }
  // JSON may spell an unpaired surrogate ("\ud800"); no database column can hold one (a
  // PostgreSQL insert of it failed as a 500, found by the fuzzer). Refused here, for every
  // endpoint; the costly walk runs only when the text shows such an escape.
  if (MAYBE_SURROGATE.test(text) && hasUnpairedSurrogate(parsed)) {
    throw errors.invalidJson().withDetail("The body holds text that is not valid Unicode (an unpaired surrogate such as \\ud800).");
  }
  return parsed;
}

const MAYBE_SURROGATE = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasUnpairedSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNPAIRED.test(value);
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasUnpairedSurrogate(v, depth + 1));
  return Object.entries(value).some(([k, v]) => UNPAIRED.test(k) || hasUnpairedSurrogate(v, depth + 1));
}

/**
 * 400 `Invalid JSON body`. Its detail names the form encoding when that is what was sent, and
 * otherwise where the JSON breaks, so a hand-built body is fixed without guessing.
 */
function explainInvalidJson(contentType: string | null, text: string, err: unknown) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    return errors.invalidJson().withDetail(`The body must be a JSON object sent with Content-Type: application/json; this request sent ${type} (with curl: -H 'Content-Type: application/json' -d '{"amount": 1000, ...}').`);
  }
  if (type === "application/json") return errors.invalidJson().withDetail(whereJsonBreaks(text, err));
  return errors.invalidJson().withDetail("The body must be a JSON object sent with Content-Type: application/json.");
}

/**
 * Where JSON.parse stopped, in words. Only V8's own wording and the position are kept: its
 * message may quote the body, and this sentence is stored in the request log beside a body
 * that could not be parsed (so could not be redacted) and shown to the whole team.
 */
function whereJsonBreaks(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : "";
  const at = / (in|after) JSON at position (\d+)(?: \(line (\d+) column (\d+)\))?$/.exec(message);
  if (at) {
    const what = message.slice(0, at.index) + (at[1] === "after" ? " after the JSON value" : "");
    const place = at[3] ? `line ${at[3]}, column ${at[4]}` : `character ${Number(at[2]) + 1}`;
    return `The body is not valid JSON: ${what.charAt(0).toLowerCase()}${what.slice(1)} at ${place}.`;
  }
  if (/^Unexpected end of JSON input/.test(message)) {
    return `The body is not valid JSON: it ends (after ${text.length} characters) before the JSON value is complete.`;
  }
  const token = /^Unexpected token '(.)'/u.exec(message);
  if (token && /[\p{P}\p{S}]/u.test(token[1])) return `The body is not valid JSON: an unexpected '${token[1]}'.`;
  return "The body is not valid JSON: it does not start as JSON does (with {, [, a string, a number, true, false or null).";
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
}

function logError(err: unknown, requestId: string): void {
  logger().error({ requestId, err }, "unhandled error");
}

/** Turns any thrown value into the envelope; unknown errors become a bare 500. */
export function toErrorResponse(err: unknown, requestId: string): ApiResult {
  if (err instanceof AppError) return errorResponse(err);
  // The database away (restarting, unreachable, timed out): a 503 the client can retry.
  if (isConnectionError(err)) {
    logger().warn({ requestId, err }, "database unavailable");
    return errorResponse(serviceUnavailable());
  }
  logError(err, requestId);
  return errorResponse(new AppError("internal", "Internal server error"));
}

export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  A extends "merchant" | "none" | "optional" = "merchant",
>(
  spec: EndpointSpec<B, Q, P> & { auth: A },
  handler: (ctx: EndpointContext<Out<B>, Out<Q>, Out<P>, AuthOf<A>, DbOf<A>>) => Promise<ApiResult>,
): Endpoint {
  // Every request answers within 5 s (server/db/deadline.ts): its waits on the database are bounded by this.
  const run: NeutralHandler = (req, routeParams) => withDeadline(Date.now() + requestDeadlineMs(), () => serve(req, routeParams));
  const serve: NeutralHandler = async (req, routeParams) => {
    const started = performance.now();
    const incoming = req.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    let response: ApiResult;
    let merchantId: string | undefined;
    let db: Database | undefined;
    let auth: MerchantAuth | null = null;
    let requestText: string | undefined;
    try {
      // The fast paths answer without a promise (the open database, a cached key, the
      // local rate-limit allowance): each await cost a promise and its async hooks.
      if (spec.auth === "optional") {
        ({ db, auth } = await optionalKey(req));
        merchantId = auth?.merchantId;
        // Counted like any call of the key: a loop on a mistyped path is held to the same limit.
        const limited = auth && enforceRateLimit(auth.keyId);
        if (limited) await limited;
      } else {
        db = openDb() ?? (await getDb());
        if (spec.auth === "merchant") {
          const authenticated = authenticate(db, req, accessOf(req.method, spec.keyAccess));
          auth = authenticated instanceof Promise ? await authenticated : authenticated;
          merchantId = auth.merchantId;
          const limited = enforceRateLimit(auth.keyId);
          if (limited) await limited;
        }
      }
      const rawParams = spec.params ? routeParams : {};
      if (spec.body) requestText = await req.text();
      const rawBody = requestText !== undefined ? parseJsonBody(requestText, req.headers.get("content-type")) : undefined;
      const params = spec.params ? parseOrThrow(spec.params, rawParams) : undefined;
      const query = spec.query ? parseOrThrow(spec.query, queryObject(req.url)) : undefined;
      const body = spec.body ? parseOrThrow(spec.body, rawBody) : undefined;
      response = await handler({
        req,
        db: db as DbOf<A>,
        auth: auth as never,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: params as Out<P>,
        requestId,
      });
    } catch (err) {
      response = toErrorResponse(err, requestId);
    }
    response.headers["x-request-id"] = requestId;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    logAccess({ requestId, method: req.method, path: req.pathname, status: response.status, durationMs, merchantId });
    // The request log (issue 23): queued, written in batches off the request path.
    if (db) logApiRequest({ db, req, auth, requestId, requestText, response, durationMs, startedAt: new Date(Date.now() - durationMs) });
    return response;
  };
  return Object.assign(servedBoth(run), { spec: spec as Endpoint["spec"] });
}

/**
 * An "optional" endpoint's key: its merchant when the request sends a valid key its
 * restrictions allow (read access: a read-only key's mistyped POST is still its merchant's),
 * else null. Never an error of its own: no key, a wrong key or a database that cannot be
 * opened leave the answer as it is. Without a key the database is not opened at all.
 */
async function optionalKey(req: ApiRequest): Promise<{ db: Database | undefined; auth: MerchantAuth | null }> {
  let db = openDb();
  if (!req.headers.get("authorization")) return { db, auth: null };
  try {
    db ??= await getDb();
    return { db, auth: await authenticate(db, req, "read") };
  } catch {
    return { db, auth: null };
  }
}

/**
 * The answer for a path no route file matches (404) and for a method a route lacks (405),
 * through the wrapper every endpoint has: an X-Request-Id, the access log line and, with a
 * valid key, the merchant's request log. A mistyped path (`/merchant/payins`) is the first
 * thing an integrator looks for there; these answers used to carry no request id and be in
 * neither log. The status never depends on the key (D5: 404 `Not found`, 405 `Method not allowed`).
 */
function fallback(refusal: () => AppError): RouteHandler {
  const wrapped = endpoint({ auth: "optional" }, async () => {
    throw refusal();
  });
  // Without `spec`: not an operation of the API (the OpenAPI document lists endpoints by it).
  return servedBoth(wrapped.serve);
}

export const notFound = fallback(errors.notFound);
export const methodNotAllowed = fallback(errors.methodNotAllowed);

/**
 * A route file's exports: the methods it implements, every other method answering
 * 405 in the envelope. Use: `export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: ... })`.
 */
export function route(handlers: Partial<Record<HttpMethod, Endpoint>>): Record<HttpMethod, RouteHandler> & { endpoints: Partial<Record<HttpMethod, Endpoint>> } {
  const out = { endpoints: handlers } as Record<HttpMethod, RouteHandler> & { endpoints: Partial<Record<HttpMethod, Endpoint>> };
  for (const m of HTTP_METHODS) out[m] = handlers[m] ?? methodNotAllowed;
  return out;
}
