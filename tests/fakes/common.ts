import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * What every operator fake shares: a node:http server, the chaos knobs (slow answers,
 * 5xx bursts, lost callbacks, short-lived tokens), a token store, the outcome chosen by
 * the phone number's last 4 digits, and a log of the requests received (tests assert on it).
 */
export interface FakeOptions {
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  /** When an asynchronous outcome lands (status turns final, callback sent). */
  outcomeDelayMs?: number;
  /** Lifetime of the access tokens handed out. */
  tokenTtlSeconds?: number;
  /** Callbacks are computed but never sent. */
  loseCallbacks?: boolean;
  /** Every answer waits this long first. */
  slowMs?: number;
}

/**
 * Outcome of a phone number (E.164 digits or local, only the last 4 digits count), the
 * sandbox convention of D9 extended:
 *   0001 failed (insufficient funds on payin, recipient not found on payout)
 *   0002 cancelled (payer declined) on payin; failed (recipient limit reached) on payout
 *   0003 never resolves (stays pending)
 *   0004 payer did not answer in time (expired) on payin; failed (operator internal error) on payout
 *   0005 failed: wrong PIN on payin; recipient account blocked on payout
 *   anything else: successful
 */
export type FakeOutcome = "successful" | "insufficient" | "declined" | "never" | "expired" | "other";

export function outcomeOf(phone: string): FakeOutcome {
  switch (phone.replace(/\D/g, "").slice(-4)) {
    case "0001":
      return "insufficient";
    case "0002":
      return "declined";
    case "0003":
      return "never";
    case "0004":
      return "expired";
    case "0005":
      return "other";
    default:
      return "successful";
  }
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: FakeRequest) => Promise<FakeAnswer | null> | FakeAnswer | null;

export class FakeServer {
  readonly requests: ReceivedRequest[] = [];
  /** Callbacks sent (or lost), for tests. */
  readonly callbacks: Array<{ url: string; method: string; body: string; headers: Record<string, string>; delivered: boolean; status?: number }> = [];
  opts: Required<FakeOptions>;
  private server: http.Server | null = null;
  private burst: { remaining: number; status: number } | null = null;
  private lostAnswers = 0;
  private alter: ((answer: FakeAnswer) => FakeAnswer) | null = null;
  private tokens = new Map<string, number>();
  private timers = new Set<NodeJS.Timeout>();
  baseUrl = "";

  constructor(
    readonly name: string,
    opts: FakeOptions,
    private readonly handler: Handler,
  ) {
    this.opts = { port: 0, outcomeDelayMs: 300, tokenTtlSeconds: 3600, loseCallbacks: false, slowMs: 0, ...opts };
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.opts.port, "127.0.0.1", () => resolve());
    });
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const s = this.server;
    this.server = null;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }

  /** The next `count` requests (token requests included) answer `status` (default 503). */
  failNext(count: number, status = 503): void {
    this.burst = { remaining: count, status };
  }

  /**
   * The next `count` requests are handled (whatever they create is stored) but their answer
   * is lost: the connection closes without a response, as when a network drops it.
   */
  loseNextAnswers(count: number): void {
    this.lostAnswers = count;
  }

  /** Every answer from now on passes through `fn` before it is sent (null: as the handler made it). */
  alterAnswers(fn: ((answer: FakeAnswer) => FakeAnswer) | null): void {
    this.alter = fn;
  }

  /** Every token handed out so far stops working (the operator's answer to it is 401). */
  expireTokens(): void {
    this.tokens.clear();
  }

  set(opts: Partial<FakeOptions>): void {
    this.opts = { ...this.opts, ...opts };
  }

  issueToken(): { token: string; expiresIn: number } {
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, Date.now() + this.opts.tokenTtlSeconds * 1000);
    return { token, expiresIn: this.opts.tokenTtlSeconds };
  }

  /** Whether `Authorization: Bearer <token>` carries a live token. */
  bearerValid(headers: http.IncomingHttpHeaders): boolean {
    const m = /^Bearer (.+)$/.exec(headers.authorization ?? "");
    if (!m) return false;
    const until = this.tokens.get(m[1]);
    return until !== undefined && until > Date.now();
  }

  /**
   * Runs `fn` after `ms` (by the wall clock) unless the fake is closed first. Node's timers run
   * on a monotonic clock and may fire a millisecond before `Date.now()` reaches the time asked,
   * and the fakes judge an outcome due by `Date.now() >= dueAt` (dueAt taken before this call):
   * a callback sent early carried PENDING or a failure where the outcome was success.
   */
  later(ms: number, fn: () => void | Promise<void>): void {
    const at = Date.now() + ms;
    const arm = (wait: number) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (Date.now() < at) return arm(at - Date.now());
        void Promise.resolve(fn()).catch(() => undefined);
      }, wait);
      this.timers.add(t);
    };
    arm(ms);
  }

  /** Sends (or, with loseCallbacks, only records) a callback. Errors are swallowed: the operator does not care. */
  async callback(url: string | undefined, body: unknown, method = "POST", headers: Record<string, string> = {}): Promise<void> {
    if (!url) return;
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const entry = { url, method, body: text, headers, delivered: false as boolean, status: undefined as number | undefined };
    this.callbacks.push(entry);
    if (this.opts.loseCallbacks) return;
    try {
      const res = await fetch(url, { method, headers: { "content-type": "application/json", ...headers }, body: text, signal: AbortSignal.timeout(5000) });
      entry.delivered = true;
      entry.status = res.status;
    } catch {
      entry.delivered = false;
    }
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    this.requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers, body, at: Date.now() });
    if (this.opts.slowMs > 0) await new Promise((r) => setTimeout(r, this.opts.slowMs));
    let answer: FakeAnswer;
    if (this.burst && this.burst.remaining > 0) {
      this.burst.remaining--;
      answer = { status: this.burst.status, body: { error: "Service temporarily unavailable" } };
    } else {
      let json: unknown = undefined;
      if (body) {
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
      }
      try {
        answer = (await this.handler({ method: req.method ?? "GET", url, headers: req.headers, body, json })) ?? { status: 404, body: { error: "Not found" } };
      } catch (e) {
        answer = { status: 500, body: { error: e instanceof Error ? e.message : "internal error" } };
      }
    }
    if (res.destroyed) return;
    if (this.lostAnswers > 0) {
      this.lostAnswers--;
      res.destroy();
      return;
    }
    if (this.alter) answer = this.alter(answer);
    const payload = answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...(payload ? { "content-type": "application/json" } : {}), ...answer.headers });
    res.end(payload);
  }
}

export function basicCredentials(headers: http.IncomingHttpHeaders): [string, string] | null {
  const m = /^Basic (.+)$/.exec(headers.authorization ?? "");
  if (!m) return null;
  const text = Buffer.from(m[1], "base64").toString("utf8");
  const i = text.indexOf(":");
  return i < 0 ? null : [text.slice(0, i), text.slice(i + 1)];
}

export function header(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export const isUuid = (s: string | undefined): boolean => !!s && /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(s);
