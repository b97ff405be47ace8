import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { toFetchResponse } from "@/server/http/api-result";
import { fetchRequestView } from "@/server/http/api-request";
import { healthz } from "@/server/http/health";
import { notFoundRoute } from "@/server/http/not-found";
import { NodeRequestView } from "@/server/http/node-request";
import { AppError } from "@/server/errors";

/**
 * One endpoint definition, two servers (issue 26): the Fetch handler Next calls and the
 * neutral `serve` the lean entry calls give the same status, headers and body, and the
 * lean entry's request view reads node's message without a Fetch object.
 */
describe("the neutral request and result", () => {
  it("answers the same through Next's Fetch handler and the lean entry's serve", async () => {
    for (const [handler, status] of [[healthz, 200], [notFoundRoute.GET, 404]] as const) {
      const viaNext = await handler(new Request("http://x/api/any"), { params: Promise.resolve({}) });
      const viaLean = await handler.serve(fetchRequestView(new Request("http://x/api/any")), {});
      expect(viaNext.status).toBe(status);
      expect(viaLean.status).toBe(status);
      expect(await viaNext.text()).toBe(viaLean.body);
      expect(viaNext.headers.get("content-type")).toBe(viaLean.headers["content-type"]);
    }
  });

  it("sends no body on HEAD", async () => {
    const res = toFetchResponse({ status: 200, headers: { "content-type": "text/plain" }, body: "hello" }, "HEAD");
    expect(await res.text()).toBe("");
  });

  it("reads a Next body capped at 1 MB (413 past it)", async () => {
    const big = new Request("http://x/", { method: "POST", body: "x".repeat(1024 * 1024 + 1) });
    await expect(fetchRequestView(big).text()).rejects.toMatchObject({ status: 413 });
    expect(await fetchRequestView(new Request("http://x/", { method: "POST", body: "{}" })).text()).toBe("{}");
  });

  it("reads node's message directly: method, URL, headers, the body once and capped", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const server = http.createServer(async (req, res) => {
      const view = new NodeRequestView(req, new URL(req.url ?? "/", "http://localhost"));
      const before = view.bodyRead;
      let text: string | AppError;
      try {
        text = await view.text();
      } catch (err) {
        text = err as AppError;
      }
      seen.push({ method: view.method, path: view.url.pathname, query: view.url.searchParams.get("a"), key: view.headers.get("idempotency-key"), before, after: view.bodyRead, text: text instanceof AppError ? text.status : text });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/p?a=1`, { method: "POST", headers: { "Idempotency-Key": " k1 " }, body: '{"x":1}' });
      await fetch(`${base}/big`, { method: "POST", body: "y".repeat(1024 * 1024 + 10) }).catch(() => undefined);
      expect(seen[0]).toEqual({ method: "POST", path: "/p", query: "1", key: "k1", before: false, after: true, text: '{"x":1}' });
      expect(seen[1]).toMatchObject({ path: "/big", text: 413 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
