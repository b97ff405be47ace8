import http from "node:http";
import type { AddressInfo } from "node:net";
import NextAuth from "next-auth";
import { getToken } from "next-auth/jwt";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { getDb } from "@/server/db/client";
import { authOptions } from "@/server/auth/next-auth";
import { nextAuthSecret } from "@/server/auth/nextauth-secret";
import { loadUser } from "@/server/auth/session";
import { clientAddress } from "@/server/auth/throttle";
import { DEVICE_COOKIE } from "@/server/auth/second-factor";
import { appRouter } from "@/server/trpc/app-router";

/**
 * The dashboard's two HTTP surfaces as the browser reaches them, on node:http for tests:
 * `/api/auth/*` through next-auth's own handler with our authOptions (the same call the
 * App Router route makes, in next-auth's node form), `/api/trpc/*` through tRPC's fetch
 * adapter with the session read from the next-auth cookie. `Browser` keeps cookies like
 * one browser does (several = several devices).
 */
export interface DashboardServer {
  baseUrl: string;
  close(): Promise<void>;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function auth(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const raw = await readBody(req);
  const body = req.headers["content-type"]?.includes("application/json") ? JSON.parse(raw || "{}") : Object.fromEntries(new URLSearchParams(raw));
  const nextauth = url.pathname.replace(/^\/api\/auth\//, "").split("/");
  const shimReq = Object.assign(req, { query: { ...Object.fromEntries(url.searchParams), nextauth }, body, cookies: parseCookies(req.headers.cookie) });
  const shimRes = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return shimRes;
    },
    json(v: unknown) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(v));
    },
    send(v: unknown) {
      if (typeof v === "object" && v !== null) return shimRes.json(v);
      res.end(v === undefined ? "" : String(v));
    },
  });
  const options = authOptions({
    setDeviceCookie: (token) => {
      const prev = res.getHeader("set-cookie");
      const list = Array.isArray(prev) ? prev : prev ? [String(prev)] : [];
      res.setHeader("set-cookie", [...list, `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`]);
    },
  });
  // next-auth's node (pages) handler: the same core as the App Router route.
  await (NextAuth as unknown as (a: unknown, b: unknown, c: unknown) => Promise<void>)(shimReq, shimRes, options);
}

async function trpc(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const body = req.method === "POST" ? await readBody(req) : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const request = new Request(url, { method: req.method, headers, body });
  const db = await getDb();
  const token = await getToken({ req: { headers: Object.fromEntries(headers), cookies: parseCookies(req.headers.cookie) } as never, secret: nextAuthSecret() });
  const user = token?.uid ? await loadUser(db, token.uid, token.sv ?? 1) : null;
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: async () => ({ db, user, clientAddress: clientAddress(headers), userAgent: headers.get("user-agent") ?? undefined }),
  });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startDashboardServer(): Promise<DashboardServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const route = url.pathname.startsWith("/api/auth/") ? auth : url.pathname.startsWith("/api/trpc/") ? trpc : null;
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    route(req, res, url).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, close: () => new Promise((r) => server.close(() => r())) };
}

export class TrpcCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly appCode: string | null,
    message: string,
    readonly fields: Record<string, string[]> | null,
  ) {
    super(message);
  }
}

/** One browser: its cookies, a user agent, an address (X-Forwarded-For as our proxy sets it). */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly opts: { userAgent?: string; address?: string } = {},
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { "user-agent": this.opts.userAgent ?? "vitest-browser/1.0", "x-forwarded-for": this.opts.address ?? "198.51.100.7", ...(cookie ? { cookie } : {}), ...extra };
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** next-auth's credentials sign-in as signIn("credentials", { redirect: false }) does it: true, or next-auth's error text. */
  async signIn(fields: { email: string; password: string; code?: string; remember?: boolean }): Promise<true | string> {
    const csrfRes = await fetch(`${this.baseUrl}/api/auth/csrf`, { headers: this.headers() });
    this.keep(csrfRes);
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const form = new URLSearchParams({ csrfToken, email: fields.email, password: fields.password, json: "true", callbackUrl: "/dashboard" });
    if (fields.code) form.set("code", fields.code);
    if (fields.remember) form.set("remember", "1");
    const res = await fetch(`${this.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: form.toString(),
      redirect: "manual",
    });
    this.keep(res);
    const { url } = (await res.json()) as { url: string };
    const error = new URL(url, this.baseUrl).searchParams.get("error");
    return error ?? true;
  }

  signOutLocally(): void {
    for (const name of [...this.cookies.keys()]) if (name.includes("next-auth")) this.cookies.delete(name);
  }

  async query<T = unknown>(path: string, input?: unknown): Promise<T> {
    const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return this.call<T>(await fetch(`${this.baseUrl}/api/trpc/${path}${q}`, { headers: this.headers() }));
  }

  async mutate<T = unknown>(path: string, input?: unknown): Promise<T> {
    const body = JSON.stringify(input === undefined ? {} : superjson.serialize(input));
    return this.call<T>(await fetch(`${this.baseUrl}/api/trpc/${path}`, { method: "POST", headers: this.headers({ "content-type": "application/json" }), body }));
  }

  private async call<T>(res: Response): Promise<T> {
    this.keep(res);
    const body = (await res.json()) as { result?: { data: unknown }; error?: unknown };
    if (body.error) {
      const e = superjson.deserialize(body.error as never) as { message: string; data: { code: string; appCode: string | null; fields: Record<string, string[]> | null } };
      throw new TrpcCallError(res.status, e.data.code, e.data.appCode, e.message, e.data.fields);
    }
    return superjson.deserialize(body.result!.data as never) as T;
  }
}
