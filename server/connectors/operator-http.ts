import type { Logger } from "pino";
import { logger as appLogger } from "../logger";
import type { Minor } from "../money";

/**
 * What every operator client shares: the common result type, the error type, HTTP with a
 * timeout and a log line per call (request id, operator, method, path, status, duration:
 * never headers nor bodies, which carry credentials), a token cache, and amount formatting.
 * Nothing here knows our database.
 */

/** The operator's view of one transaction, mapped onto ours (D15). */
export type OperatorState = "pending" | "successful" | "failed" | "cancelled" | "unknown";

export interface OperatorResult {
  state: OperatorState;
  /** The operator's reference (financial transaction id, receipt, session id...), when it has one. */
  operatorRef: string | null;
  /** Plain words for the merchant when failed or cancelled (decline_reason). */
  reason: string | null;
  /** The operator's own status or error code, for logs and the operator console. */
  operatorCode?: string | null;
  /** The idempotency handle had already been used: the earlier submission stands (no second payment). */
  duplicate?: boolean;
  /** The operator does not know the handle (status query): with an unacknowledged submission, it never happened. */
  notFound?: boolean;
}

/**
 * Why a call did not get an answer the client could read.
 * - `timeout`, `network`, `server` (5xx): the outcome of a submission is UNKNOWN. Query
 *   (or resubmit with the same idempotency handle); these count against the circuit breaker.
 * - `auth`: credentials refused even after a fresh token: configuration problem.
 * - `rejected`: the operator refused the request (4xx validation): nothing was created.
 * - `protocol`: an answer we could not read.
 */
export type OperatorErrorKind = "timeout" | "network" | "server" | "auth" | "rejected" | "protocol";

export class OperatorError extends Error {
  constructor(
    readonly operator: string,
    readonly kind: OperatorErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "OperatorError";
  }

  /** True when the operator may or may not have acted: never treat as a failure. */
  get outcomeUnknown(): boolean {
    return this.kind === "timeout" || this.kind === "network" || this.kind === "server";
  }
}

export interface HttpOptions {
  /** Per-call timeout (default 15 s). */
  timeoutMs?: number;
  /** Injected for tests; defaults to global fetch. */
  fetch?: typeof fetch;
  logger?: Logger;
}

export interface OperatorCall {
  method: "GET" | "POST" | "PUT";
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  requestId: string;
}

export interface OperatorAnswer {
  status: number;
  json: unknown;
  text: string;
}

/**
 * What an operator answers is stored as it came (references, messages, launch URLs) by
 * the worker, inside the transaction's update. PostgreSQL text cannot hold U+0000: one in
 * an answer would fail that update on every poll and leave the payment pending for good.
 * Every answer passes here, so a NUL is made visible (U+FFFD) once, for every operator.
 * The callbacks keep the operator text they store the same way (connector-callbacks.ts).
 */
export const storableText = (value: string): string => (value.includes("\u0000") ? value.replaceAll("\u0000", "\uFFFD") : value);

export class OperatorHttp {
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;
  private readonly log: () => Logger;

  constructor(
    readonly operator: string,
    opts: HttpOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.doFetch = opts.fetch ?? fetch;
    this.log = () => opts.logger ?? appLogger();
  }

  /** One HTTP exchange. Any status is returned; only no answer at all throws. */
  async send(call: OperatorCall): Promise<OperatorAnswer> {
    const started = Date.now();
    const path = new URL(call.url).pathname;
    const base = { operator: this.operator, requestId: call.requestId, method: call.method, path };
    let res: Response;
    try {
      res = await this.doFetch(call.url, {
        method: call.method,
        headers: { accept: "application/json", ...(call.body !== undefined ? { "content-type": "application/json" } : {}), ...call.headers },
        body: call.body === undefined ? undefined : typeof call.body === "string" ? call.body : JSON.stringify(call.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      this.log().warn({ ...base, ms: Date.now() - started, error: timedOut ? "timeout" : "network" }, "operator call failed");
      throw new OperatorError(this.operator, timedOut ? "timeout" : "network", timedOut ? `${this.operator} did not answer within ${this.timeoutMs} ms` : `${this.operator} could not be reached`);
    }
    let text: string;
    try {
      text = storableText(await res.text());
    } catch {
      throw new OperatorError(this.operator, "timeout", `${this.operator} did not finish its answer within ${this.timeoutMs} ms`, res.status);
    }
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? storableText(value) : value));
      } catch {
        json = null;
      }
    }
    this.log().info({ ...base, status: res.status, ms: Date.now() - started }, "operator call");
    return { status: res.status, json, text };
  }
}

/** Caches one access token until shortly before it expires; `invalidate` after a 401. */
export class TokenCache {
  private token: string | null = null;
  private until = 0;
  private inflight: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
    /** Renew this long before the operator's expiry, so a token never dies mid-flight. */
    private readonly skewMs = 5_000,
  ) {}

  async get(): Promise<string> {
    if (this.token && Date.now() < this.until) return this.token;
    this.inflight ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        this.token = token;
        this.until = Date.now() + Math.max(0, expiresInSeconds * 1000 - Math.min(this.skewMs, (expiresInSeconds * 1000) / 2));
        return token;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  invalidate(): void {
    this.token = null;
    this.until = 0;
  }
}

/**
 * Runs an authenticated call; on 401 it fetches a fresh token and tries exactly once more
 * (tokens can be revoked or expire early on the operator's side).
 */
export async function withToken(cache: TokenCache, call: (token: string) => Promise<OperatorAnswer>): Promise<OperatorAnswer> {
  const first = await call(await cache.get());
  if (first.status !== 401) return first;
  cache.invalidate();
  return call(await cache.get());
}

/** Throws the right OperatorError for 5xx and 401 answers; returns the answer otherwise. */
export function checkAnswer(operator: string, a: OperatorAnswer): OperatorAnswer {
  if (a.status >= 500) throw new OperatorError(operator, "server", `${operator} answered ${a.status}`, a.status);
  if (a.status === 401 || a.status === 403) throw new OperatorError(operator, "auth", `${operator} refused our credentials (${a.status})`, a.status);
  return a;
}

export class AmountNotRepresentable extends Error {
  constructor(readonly operator: string) {
    super(`${operator} takes whole units only: this amount has cents`);
    this.name = "AmountNotRepresentable";
  }
}

/**
 * Hundredths as the operator's decimal text in major units: 150000n -> "1500",
 * 2550n -> "25.50" (or refused with AmountNotRepresentable where only whole units go).
 */
export function majorUnits(operator: string, amount: Minor, wholeOnly: boolean): string {
  if (amount <= 0n) throw new AmountNotRepresentable(operator);
  const cents = amount % 100n;
  if (cents !== 0n && wholeOnly) throw new AmountNotRepresentable(operator);
  return cents === 0n ? String(amount / 100n) : `${amount / 100n}.${cents.toString().padStart(2, "0")}`;
}

/** Reads `A=x,B=y` lists (MTN_MOMO_TARGET_ENVIRONMENTS). */
export function parsePairs(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? "").split(",")) {
    const [k, v] = part.split("=").map((s) => s.trim());
    if (k && v) out[k.toUpperCase()] = v;
  }
  return out;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** An env value that is present and not blank. */
export const present = (v: string | undefined): v is string => typeof v === "string" && v.trim() !== "";
