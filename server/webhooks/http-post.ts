import http from "node:http";
import https from "node:https";
import type { Mode } from "../db/schema";
import { bareHost, callbackUrlProblem, privateTargetsAllowed, publicOnlyLookup } from "./url-guard";

/**
 * One webhook POST with node's http/https (not fetch): we need the socket's DNS lookup
 * (live mode connects only to addresses the guard accepted), a hard deadline that
 * covers lookup, connect, TLS and headers, no redirect following, and just the first
 * 1 KB of the response.
 */
export interface PostOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

const EXCERPT_BYTES = 1024;

/** Attempts a delivery worker keeps in flight (delivery-job.ts says why this many). */
export const DELIVERY_CONCURRENCY = 256;

/**
 * Keep-alive pools per policy, so a socket opened without the address check (test mode
 * where private targets are allowed) is never reused by a guarded delivery.
 * maxSockets matches the delivery worker's concurrency: a request waiting for a socket
 * would spend its deadline before being sent.
 */
const MAX_SOCKETS = DELIVERY_CONCURRENCY;
const agents = {
  open: { http: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }), https: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }) },
  guarded: {
    http: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, lookup: publicOnlyLookup } as http.AgentOptions),
    https: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, lookup: publicOnlyLookup } as https.AgentOptions),
  },
};

function describeError(err: NodeJS.ErrnoException, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timeout after ${timeoutMs} ms`;
  switch (err.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset";
    case "ENOTFOUND":
      return "DNS lookup failed (host not found)";
    case "EAI_AGAIN":
      return "DNS lookup failed (temporary)";
    default:
      return err.message || String(err.code ?? "request failed");
  }
}

/** Postgres text cannot hold NUL; an excerpt is for humans anyway. */
function excerptOf(chunks: Buffer[]): string {
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8").replace(/\u0000/g, "");
}

export async function postWebhook(input: { url: string; body: string; headers: Record<string, string>; mode: Mode; timeoutMs: number }): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null, responseExcerpt: string | null = null): PostOutcome => ({
    ok: false,
    statusCode,
    durationMs: elapsed(),
    error,
    responseExcerpt,
  });

  // Static part of the guard again at delivery: the URL may have been stored before a
  // policy change, and IP-literal hosts never reach the lookup below.
  const problem = await callbackUrlProblem(input.url, input.mode, "url");
  if (problem) return fail(`blocked: ${problem}`);
  const url = new URL(input.url);
  const secure = url.protocol === "https:";

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = (secure ? https : http).request({
      method: "POST",
      protocol: url.protocol,
      hostname: bareHost(url.hostname),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      headers: Object.assign({}, input.headers, { "Content-Length": String(Buffer.byteLength(input.body, "utf8")) }),
      agent: agents[privateTargetsAllowed(input.mode) ? "open" : "guarded"][secure ? "https" : "http"],
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error("timeout"));
    }, input.timeoutMs);

    req.on("error", (err: NodeJS.ErrnoException) => finish(fail(describeError(err, input.timeoutMs, timedOut))));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = excerptOf(chunks);
        if (status >= 200 && status < 300) {
          finish({ ok: true, statusCode: status, durationMs: elapsed(), error: null, responseExcerpt: excerpt });
        } else if (status >= 300 && status < 400) {
          const location = res.headers.location ? ` to ${res.headers.location}` : "";
          finish(fail(`redirect not followed (HTTP ${status}${location})`, status, excerpt));
        } else {
          finish(fail(`HTTP ${status}`, status, excerpt));
        }
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) {
          // Enough for the log: drop the rest (and the socket) instead of reading it all.
          done();
          res.destroy();
        }
      });
      res.on("end", done);
      // A body cut short after the status arrived still counts by its status.
      res.on("error", done);
      res.on("close", done);
    });
    // The body as a string: node sends it with the headers in one write (a Buffer goes as
    // a second chunk of a writev).
    req.end(input.body, "utf8");
  });
}
