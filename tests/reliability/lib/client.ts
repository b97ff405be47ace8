import http from "node:http";

/**
 * A plain node:http client for the reliability suite: its own socket pool (so 2,000
 * requests really are in flight together, over up to `maxSockets` connections), and
 * every failure reported as a value instead of thrown, since killing the server under
 * load is the point of some tests.
 */
export interface ClientResponse {
  status: number;
  /** Parsed JSON, or the raw text when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  body: any;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export type ClientResult = { ok: true; res: ClientResponse } | { ok: false; error: string };

export function makeAgent(maxSockets = 256): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

export function request(
  baseUrl: string,
  path: string,
  init: { method?: string; key?: string | null; json?: unknown; body?: string | Buffer; headers?: Record<string, string>; agent?: http.Agent; timeoutMs?: number } = {},
): Promise<ClientResult> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { ...init.headers };
  let body: Buffer | undefined;
  if (init.json !== undefined) {
    body = Buffer.from(JSON.stringify(init.json));
    headers["content-type"] ??= "application/json";
  } else if (init.body !== undefined) {
    body = Buffer.isBuffer(init.body) ? init.body : Buffer.from(init.body);
  }
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve) => {
    const req = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? (body ? "POST" : "GET"), headers, agent: init.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", (err) => resolve({ ok: false, error: err.message }));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ ok: true, res: { status: res.statusCode ?? 0, body: parsed, text, headers: res.headers } });
        });
      },
    );
    req.setTimeout(init.timeoutMs ?? 60_000, () => req.destroy(new Error("client timeout")));
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ ok: false, error: err.code ?? err.message }));
    req.end(body);
  });
}

/** Prints one figure line per scenario (the suite's output in CI). */
/** The largest of a run's figures; `Math.max(...xs)` overflows the call stack past ~100,000 of them. */
export function largest(xs: readonly number[]): number {
  let max = 0;
  for (const x of xs) if (x > max) max = x;
  return max;
}

export function figure(scenario: string, values: Record<string, unknown>): void {
  const text = Object.entries(values)
    .map(([k, v]) => `${k}=${typeof v === "number" ? Math.round(v * 100) / 100 : String(v)}`)
    .join(" ");
  console.log(`[reliability] ${scenario}: ${text}`);
}
