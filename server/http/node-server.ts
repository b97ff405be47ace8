import http from "node:http";
import path from "node:path";
import { errors } from "../errors";
import { errorResponse } from "./envelope";
import { discoverRoutes, matchRoute, type RouteEntry, type RouteModule } from "./route-table";

/**
 * Serves the Fetch-API route modules of app/api on plain node:http, without the
 * Next.js request pipeline (integration tests, `npm run start:api`).
 */
export interface LeanServerOptions {
  appDir?: string;
  prefixes?: string[];
}

export function createLeanHandler(opts: LeanServerOptions = {}) {
  const appDir = opts.appDir ?? path.join(process.cwd(), "app");
  const routes: RouteEntry[] = discoverRoutes(appDir, opts.prefixes ?? ["api/v1", "api/healthz", "api/readyz", "api/worker"]);
  const modules = new Map<string, Promise<RouteModule>>();

  return async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const found = matchRoute(routes, url.pathname);
    if (!found) return errorResponse(errors.notFound());
    let mod = modules.get(found.entry.file);
    if (!mod) {
      mod = found.entry.load();
      modules.set(found.entry.file, mod);
    }
    const method = req.method === "HEAD" ? "GET" : req.method;
    const handler = (await mod)[method];
    if (!handler) return errorResponse(errors.methodNotAllowed());
    return handler(req, { params: Promise.resolve(found.params) });
  };
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createLeanServer(opts: LeanServerOptions = {}): http.Server {
  const handle = createLeanHandler(opts);
  return http.createServer(async (req, res) => {
    try {
      const host = req.headers.host ?? "localhost";
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const body = hasBody ? await readBody(req) : undefined;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) for (const item of v) headers.append(k, item);
        else if (v !== undefined) headers.set(k, v);
      }
      const request = new Request(`http://${host}${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: body && body.length ? new Uint8Array(body) : undefined,
      });
      const response = await handle(request);
      const out = Buffer.from(await response.arrayBuffer());
      const outHeaders: Record<string, string> = {};
      response.headers.forEach((v, k) => (outHeaders[k] = v));
      outHeaders["content-length"] = String(out.length);
      res.writeHead(response.status, outHeaders);
      res.end(req.method === "HEAD" ? undefined : out);
    } catch {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "error", message: "Internal server error", data: null }));
    }
  });
}
