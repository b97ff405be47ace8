import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openPostgres, setDatabaseHandle, type DatabaseHandle } from "@/server/db/client";
import { isConnectionError, isDuplicateTransaction } from "@/server/db/resilience";
import { clearApiKeyCache } from "@/server/auth/api-keys";
import { createLeanServer } from "@/server/http/node-server";
import { routeModules } from "@/app/api/route-modules.generated";
import { createMerchant } from "@/server/merchants/create-merchant";
import { seedReferenceData } from "@/server/seed/reference-data";
import { startOwnPostgres, type OwnPostgres } from "../helpers/own-postgres";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";

/**
 * Fail fast, say why (issue 16): with the database stopped, API requests answer 503
 * "Service unavailable" in the envelope with Retry-After within 2 s and /api/readyz
 * answers 503 within 1 s; when it is back, the same process serves again by itself.
 * Runs on its own PostgreSQL server (port 25433, below the ephemeral range, as in
 * db-failover.test.ts), stopped and started by the test; needs the PostgreSQL server binaries (under /usr/lib/postgresql).
 */
const PG_PORT = Number(process.env.OUTAGE_PG_PORT ?? 25433);
let pg: OwnPostgres;
let handle: DatabaseHandle;
let server: http.Server;
let base: string;
let key: string;

async function call(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const started = performance.now();
  const res = await fetch(base + path, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const body = await res.json();
  return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
}

describe("database outage", () => {
  beforeAll(async () => {
    pg = startOwnPostgres(PG_PORT);
    handle = await openPostgres(pg.url, 5);
    await migrate(handle);
    await seedReferenceData(handle.db);
    const m = await createMerchant(handle.db, { name: "Outage", owner: { email: `outage-${Date.now()}@example.com`, password: "outage-test-password" }, withApiKeys: true });
    key = m.testApiKey!;
    await fund(handle.db, { merchantId: m.merchantId, currency: "XOF", amount: 1_000_000 });
    setDatabaseHandle(handle);
    clearApiKeyCache();
    server = createLeanServer({ routes: routeModules });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await handle?.close();
    pg?.destroy();
  });

  it("answers 503 with Retry-After within 2 s while the database is down, and serves again when it is back", async () => {
    expect((await call("/api/v1/merchant/payin", { json: payinRequest({ order_id: "before" }) })).status).toBe(200);
    await pg.stop("fast");
    clearApiKeyCache();

    const ready = await call("/api/readyz");
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(1000);
    expect(ready.headers.get("retry-after")).toBe("1");

    for (const attempt of [
      () => call("/api/v1/merchant/payin", { json: payinRequest({ order_id: "down-1" }) }),
      () => call("/api/v1/merchant/payout", { json: payoutRequest({ order_id: "down-2" }), headers: { "idempotency-key": "down-2" } }),
      () => call("/api/v1/merchant/transactions"),
    ]) {
      const r = await attempt();
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: "error", message: "Service unavailable", data: null });
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.ms).toBeLessThan(2000);
    }

    await pg.start();
    // The pool replaces its dead connections by itself: good answers within a few seconds.
    const deadline = Date.now() + 10_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await call("/api/v1/merchant/payin", { json: payinRequest({ order_id: `after-${Date.now()}` }) })).status;
      if (last === 200) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(last).toBe(200);
    // ...and every connection of the pool works (no broken one left behind).
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => call("/api/v1/merchant/payin", { json: payinRequest({ order_id: `burst-${i}` }) })));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect((await call("/api/readyz")).status).toBe(200);
  }, 60_000);

  it("answers 503 within 2 s when the database host does not answer at all", async () => {
    // A TCP listener that accepts and never speaks: the connect timeout must end the wait.
    const silent = http.createServer();
    silent.on("connection", () => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentHandle = await openPostgres(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/postgres`, 2);
    setDatabaseHandle(silentHandle);
    clearApiKeyCache();
    try {
      const r = await call("/api/v1/merchant/transactions");
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.ms).toBeLessThan(2500);
      const ready = await call("/api/readyz");
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(1000);
    } finally {
      setDatabaseHandle(handle);
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      const closing = performance.now();
      await silentHandle.close();
      // Shutdown never waits long on a dead connection.
      expect(performance.now() - closing).toBeLessThan(3500);
    }
  }, 30_000);

  it("classifies driver errors: connection loss vs a duplicate transaction id", () => {
    expect(isConnectionError(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }))).toBe(true);
    expect(isConnectionError(new Error("wrapped", { cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }) }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDuplicateTransaction(new Error("Failed query", { cause: Object.assign(new Error("duplicate key"), { code: "23505", constraint_name: "transactions_pkey" }) }))).toBe(true);
  });
});
