import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { clearApiKeyCache, createApiKey, revokeApiKey } from "@/server/auth/api-keys";
import { HTTP_METHODS, type Endpoint } from "@/server/http/api-route";
import { buildRouteTable } from "@/server/http/route-table";
import { routeModules } from "@/app/api/route-modules.generated";
import { figure } from "./lib/client";
import { flushRequestLogs } from "@/server/request-logs/write-batch";
import { defaultExpect, notFound, PRINCIPALS, publicData, testModeOnly, type Principal, type Row } from "./lib/tenancy";

/**
 * The tenancy and mode matrix: every /api/v1 endpoint × every principal that is not
 * the owner (another merchant's key, the owner's key of the other mode, a revoked key,
 * no key) → the right 401/404 (or, where the endpoint has nothing of the owner's, a
 * harmless answer) and never a byte of the owner's data. The owner's ids, order ids
 * and merchant id must not appear in any response text. The table is checked against
 * the routes on disk, so a new endpoint fails this test until it is added here.
 */
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let app: TestApp;
let owner: M;
let other: M;
let revokedKey: string;
const ids = { payin: "", pinPayin: "", payout: "", batch: "", endpoint: "", event: "", requestLog: "", link: "", session: "", apiKey: "" };
const ORDER = "tenancy-owner-order";
const IDEM = "tenancy-owner-idem-key";
const secrets: string[] = [];

const rows: Row[] = [
  { endpoint: "GET /api/v1/merchant/transactions/[id]", call: () => ({ method: "GET", path: `/api/v1/merchant/transactions/${ids.payin}` }) },
  { endpoint: "GET /api/v1/merchant/transactions/[id]#payout", call: () => ({ method: "GET", path: `/api/v1/merchant/transactions/${ids.payout}` }) },
  {
    endpoint: "POST /api/v1/merchant/transactions/[id]/finalize",
    call: () => ({ method: "POST", path: `/api/v1/merchant/transactions/${ids.pinPayin}/finalize`, json: { otp: "1234" } }),
  },
  { endpoint: "POST /api/v1/merchant/transactions/[id]/resend-webhook", call: () => ({ method: "POST", path: `/api/v1/merchant/transactions/${ids.payin}/resend-webhook` }) },
  { endpoint: "GET /api/v1/transactions/[reference]", call: () => ({ method: "GET", path: `/api/v1/transactions/${ids.payout}` }) },
  { endpoint: "GET /api/v1/transactions/[reference]#order_id", call: () => ({ method: "GET", path: `/api/v1/transactions/${ORDER}` }) },
  {
    endpoint: "GET /api/v1/merchant/transactions",
    call: () => ({ method: "GET", path: `/api/v1/merchant/transactions?order_id=${ORDER}` }),
    expect: (p, res) => {
      publicData(p, res);
      if (res.status === 200) expect(res.body).toEqual({ status: "success", message: expect.any(String), data: [], next_cursor: null, meta: { current_page: 1, per_page: 15 } });
    },
  },
  {
    endpoint: "GET /api/v1/merchant/transactions#unfiltered",
    call: () => ({ method: "GET", path: "/api/v1/merchant/transactions?limit=100" }),
    expect: (p, res) => {
      publicData(p, res);
      if (res.status === 200) expect((res.body as { data: unknown[] }).data).toEqual([]);
    },
  },
  {
    endpoint: "GET /api/v1/merchant/balances",
    call: () => ({ method: "GET", path: "/api/v1/merchant/balances" }),
    expect: (p, res) => {
      publicData(p, res);
      // The owner's funded test wallet is nobody else's business.
      if (res.status === 200) expect((res.body as { data: unknown[] }).data).toEqual([]);
    },
  },
  {
    endpoint: "GET /api/v1/merchant/statements",
    call: () => {
      const today = new Date().toISOString().slice(0, 10);
      return { method: "GET", path: `/api/v1/merchant/statements?currency=XOF&from=${today}&to=${today}` };
    },
    expect: (p, res) => {
      publicData(p, res);
      // Another merchant or mode reads its own (empty) statement, never the owner's movements.
      if (res.status === 200) {
        const data = (res.body as { data: { movements: unknown[]; closing_balance: number } }).data;
        expect(data.movements).toEqual([]);
        expect(data.closing_balance).toBe(0);
      }
    },
  },
  {
    endpoint: "POST /api/v1/merchant/payin",
    // The owner's Idempotency-Key and body: must never replay the owner's payin.
    call: () => ({ method: "POST", path: "/api/v1/merchant/payin", json: payinRequest({ order_id: ORDER }), headers: { "idempotency-key": IDEM } }),
    echoes: [ORDER],
    expect: (p, res) => {
      if (p === "revoked" || p === "none") return defaultExpect(p, res);
      if (p === "otherMerchant") {
        expect(res.status).toBe(200);
        const body = res.body as { data: { transaction_id: string } };
        expect(body.data.transaction_id).not.toBe(ids.payin);
      } else {
        // Live mode has no connector configured: 503, and certainly not the test payin.
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ status: "error", message: "Network unavailable", data: null });
      }
    },
  },
  {
    endpoint: "POST /api/v1/merchant/payout",
    call: () => ({ method: "POST", path: "/api/v1/merchant/payout", json: payoutRequest({ order_id: ORDER }), headers: { "idempotency-key": IDEM } }),
    echoes: [ORDER],
    expect: (p, res) => {
      if (p === "revoked" || p === "none") return defaultExpect(p, res);
      if (p === "otherMerchant") {
        // Its own (empty) wallet answers, not the owner's balance.
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: "error", message: "Insufficient balance for payout", data: { available_balance: 0 } });
      } else {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: "error", message: "KYC approval required for live payouts", data: null });
      }
    },
  },
  { endpoint: "GET /api/v1/merchant/status/[id]", call: () => ({ method: "GET", path: `/api/v1/merchant/status/${ids.payin}` }) },
  { endpoint: "POST /api/v1/merchant/transactions/[id]/refund", call: () => ({ method: "POST", path: `/api/v1/merchant/transactions/${ids.payin}/refund`, json: {} }) },
  { endpoint: "GET /api/v1/merchant/transactions/[id]/refunds", call: () => ({ method: "GET", path: `/api/v1/merchant/transactions/${ids.payin}/refunds` }) },
  {
    endpoint: "GET /api/v1/merchant/payouts/bulk/[batch_id]",
    call: () => ({ method: "GET", path: `/api/v1/merchant/payouts/bulk/${ids.batch}` }),
    expect: (p, res) => {
      if (p === "revoked" || p === "none") return defaultExpect(p, res);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Batch not found", data: null });
    },
  },
  {
    endpoint: "POST /api/v1/merchant/payouts/bulk",
    // The owner's Idempotency-Key and body: must never replay the owner's batch.
    call: () => ({ method: "POST", path: "/api/v1/merchant/payouts/bulk", json: { payouts: [payoutRequest({ order_id: ORDER })] }, headers: { "idempotency-key": IDEM } }),
    echoes: [ORDER],
    expect: (p, res) => {
      if (p === "revoked" || p === "none") return defaultExpect(p, res);
      if (p === "otherMerchant") {
        expect(res.status).toBe(200);
        const body = res.body as { data: { batch_id: string; items: unknown[] } };
        expect(body.data.batch_id).not.toBe(ids.batch);
        expect(body.data.items[0]).toMatchObject({ http_status: 400, message: "Insufficient balance for payout", data: { available_balance: 0 } });
      } else {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: "error", message: "KYC approval required for live payouts", data: null });
      }
    },
  },
  {
    endpoint: "GET /api/v1/transactions",
    call: () => ({ method: "GET", path: "/api/v1/transactions?limit=100" }),
    // The other merchant's own payin/payout/bulk rows above reused the owner's order id.
    echoes: [ORDER],
    // Only the caller's own transactions (the other merchant made some above); the leak check covers the owner's.
    expect: (p, res) => {
      publicData(p, res);
      if (res.status === 200) for (const t of (res.body as { data: { id: string }[] }).data) expect(Object.values(ids)).not.toContain(t.id);
    },
  },
  // Issue 23: request logs, events, webhook endpoints.
  ...(
    [
      ["GET", "/api/v1/merchant/request-logs/[id]", () => `/api/v1/merchant/request-logs/${ids.requestLog}`, "Request log not found"],
      ["GET", "/api/v1/merchant/events/[id]", () => `/api/v1/merchant/events/${ids.event}`, "Event not found"],
      ["POST", "/api/v1/merchant/events/[id]/redeliver", () => `/api/v1/merchant/events/${ids.event}/redeliver`, "Event not found"],
      ["GET", "/api/v1/merchant/webhook-endpoints/[id]", () => `/api/v1/merchant/webhook-endpoints/${ids.endpoint}`, "Webhook endpoint not found"],
      ["PATCH", "/api/v1/merchant/webhook-endpoints/[id]", () => `/api/v1/merchant/webhook-endpoints/${ids.endpoint}`, "Webhook endpoint not found"],
      ["DELETE", "/api/v1/merchant/webhook-endpoints/[id]", () => `/api/v1/merchant/webhook-endpoints/${ids.endpoint}`, "Webhook endpoint not found"],
      ["POST", "/api/v1/merchant/webhook-endpoints/[id]/rotate-secret", () => `/api/v1/merchant/webhook-endpoints/${ids.endpoint}/rotate-secret`, "Webhook endpoint not found"],
      ["GET", "/api/v1/merchant/webhook-endpoints/[id]/attempts", () => `/api/v1/merchant/webhook-endpoints/${ids.endpoint}/attempts`, "Webhook endpoint not found"],
    ] as const
  ).map(
    ([method, pattern, path, message]): Row => ({
      endpoint: `${method} ${pattern}`,
      call: () => ({ method, path: path(), ...(method === "POST" || method === "PATCH" ? { json: {} } : {}) }),
      expect: (p, res) => {
        if (p === "revoked" || p === "none") return defaultExpect(p, res);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: "error", message, data: null });
      },
    }),
  ),
  ...["/api/v1/merchant/request-logs", "/api/v1/merchant/events", "/api/v1/merchant/webhook-endpoints"].map(
    (path): Row => ({
      endpoint: `GET ${path}`,
      call: () => ({ method: "GET", path: `${path}?limit=100`.replace("webhook-endpoints?limit=100", "webhook-endpoints") }),
      // Only the caller's own entries: its own requests above, whose paths and bodies carried the owner's ids
      // (the caller's log shows what the caller sent); the leak check covers everything else of the owner's.
      get echoes() {
        return path.endsWith("request-logs") ? [ORDER, ids.payin, ids.pinPayin, ids.payout, ids.batch, ids.endpoint, ids.event, ids.requestLog] : [ORDER];
      },
      expect: (p: Principal, res: { status: number; body: unknown }) => {
        publicData(p, res);
        if (res.status === 200 && path.endsWith("request-logs")) {
          for (const e of (res.body as { data: { api_key: { prefix: string } }[] }).data) expect(e.api_key.prefix).not.toBe(owner.testApiKey!.slice(0, 12));
        }
      },
    }),
  ),
  {
    endpoint: "POST /api/v1/merchant/webhook-endpoints",
    call: () => ({ method: "POST", path: "/api/v1/merchant/webhook-endpoints", json: { url: "http://127.0.0.1:9/other-hook" } }),
    expect: (p, res) => {
      if (p === "revoked" || p === "none") return defaultExpect(p, res);
      // Its own endpoint in its own mode (live refuses a private URL), never the owner's.
      expect(res.status).toBe(p === "otherMerchant" ? 200 : 422);
    },
  },
  // Issue 21 (payment links, checkout sessions, settlements) and issue 24 (key management):
  // the owner's objects by id are nobody else's (404); lists show only the caller's own.
  ...(
    [
      ["GET", "/api/v1/merchant/payment-links/[id]", () => `/api/v1/merchant/payment-links/${ids.link}`],
      ["POST", "/api/v1/merchant/payment-links/[id]/deactivate", () => `/api/v1/merchant/payment-links/${ids.link}/deactivate`],
      ["GET", "/api/v1/merchant/checkout-sessions/[id]", () => `/api/v1/merchant/checkout-sessions/${ids.session}`],
      ["GET", "/api/v1/merchant/settlements/[id]", () => "/api/v1/merchant/settlements/st_01M89ZZZZZZZZZZZZZZZZZZZZZ"],
      ["DELETE", "/api/v1/merchant/api-keys/[id]", () => `/api/v1/merchant/api-keys/${ids.apiKey}`],
    ] as const
  ).map(
    ([method, pattern, path]): Row => ({
      endpoint: `${method} ${pattern}`,
      call: () => ({ method, path: path(), ...(method === "POST" ? { json: {} } : {}) }),
      expect: (p, res) => {
        if (p === "revoked" || p === "none") return defaultExpect(p, res);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: "error", data: null });
      },
    }),
  ),
  ...["/api/v1/merchant/payment-links", "/api/v1/merchant/settlements", "/api/v1/merchant/bank-accounts", "/api/v1/merchant/api-keys"].map(
    (path): Row => ({ endpoint: `GET ${path}`, call: () => ({ method: "GET", path }), expect: publicData }),
  ),
  ...(
    [
      ["/api/v1/merchant/payment-links", { title: "Not the owner's", country_code: "CI", amount: 1000 }],
      ["/api/v1/merchant/checkout-sessions", { amount: 1000, currency: "XOF", order_id: "other-order", return_url: "https://other.example/back" }],
      ["/api/v1/merchant/settlements", {}],
      ["/api/v1/merchant/api-keys", { name: "another" }],
    ] as const
  ).map(
    ([path, json]): Row => ({
      endpoint: `POST ${path}`,
      call: () => ({ method: "POST", path, json }),
      expect: (p, res) => {
        if (p === "revoked" || p === "none") return defaultExpect(p, res);
        // Something of the caller's own (or a clear refusal), never the owner's (the leak check).
        expect([200, 403, 409, 422]).toContain(res.status);
      },
    }),
  ),
  // Issue 25: the status page's data and subscriptions are public: a key changes nothing.
  { endpoint: "GET /api/v1/status", call: () => ({ method: "GET", path: "/api/v1/status" }), expect: (_p, res) => expect(res.status).toBe(200) },
  {
    endpoint: "POST /api/v1/status/subscriptions",
    call: (p) => ({ method: "POST", path: "/api/v1/status/subscriptions", json: { email: `status-${p}@other.example` } }),
    expect: (_p, res) => expect(res.status).toBe(200),
  },
  { endpoint: "GET /api/v1/networks/predict", call: () => ({ method: "GET", path: "/api/v1/networks/predict?phone_number=%2B2250700001234" }), expect: publicData },
  {
    endpoint: "GET /api/v1/merchant/fees",
    call: () => ({ method: "GET", path: "/api/v1/merchant/fees?type=payin&country_code=CI&network=mtn&currency=XOF&amount=1000" }),
    expect: publicData,
  },
  {
    endpoint: "POST /api/v1/test/transactions/[id]/outcome",
    call: () => ({ method: "POST", path: `/api/v1/test/transactions/${ids.payin}/outcome`, json: { status: "failed" } }),
    expect: testModeOnly((res) => {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }),
  },
  {
    // Another merchant's reset empties ITS test data (200) and none of the owner's (checked at the end).
    endpoint: "POST /api/v1/test/reset",
    call: () => ({ method: "POST", path: "/api/v1/test/reset" }),
    expect: testModeOnly((res) => expect(res.status).toBe(200)),
  },
  { endpoint: "GET /api/v1/countries", call: () => ({ method: "GET", path: "/api/v1/countries?limit=5" }), expect: publicData },
  { endpoint: "GET /api/v1/networks", call: () => ({ method: "GET", path: "/api/v1/networks?country_code=CI" }), expect: publicData },
  {
    endpoint: "GET /api/v1/openapi.json",
    call: () => ({ method: "GET", path: "/api/v1/openapi.json" }),
    // Public by design (D12), and about the API, not about anyone's data.
    expect: (_p, res) => expect(res.status).toBe(200),
  },
  {
    endpoint: "GET /api/v1/[...path]",
    call: () => ({ method: "GET", path: `/api/v1/merchant/transactions/${ids.payin}/nothing-here` }),
    expect: (_p, res) => {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Not found", data: null });
    },
  },
];

function keyOf(p: Principal): string | null {
  switch (p) {
    case "otherMerchant":
      return other.testApiKey;
    case "otherMode":
      return owner.liveApiKey;
    case "revoked":
      return revokedKey;
    case "none":
      return null;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.createMerchant();
  other = await app.createMerchant();
  await fund(app.database.db, { merchantId: owner.merchantId, currency: "XOF", amount: 100_000 });
  const create = async (path: string, json: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { method: "POST", key: owner.testApiKey, json, headers });
    expect(res.status).toBe(200);
    return res.body.data.transaction_id as string;
  };
  ids.payin = await create("/api/v1/merchant/payin", payinRequest({ order_id: ORDER, callback_url: "http://127.0.0.1:9/owner-hook" }), { "idempotency-key": IDEM });
  ids.pinPayin = await create("/api/v1/merchant/payin", payinRequest({ country: "GM", network: "qmoney", amount: 100, order_id: ORDER }));
  ids.payout = await create("/api/v1/merchant/payout", payoutRequest({ order_id: ORDER }), { "idempotency-key": IDEM });
  const bulk = await app.request("/api/v1/merchant/payouts/bulk", {
    method: "POST",
    key: owner.testApiKey,
    json: { payouts: [payoutRequest({ order_id: ORDER })] },
    headers: { "idempotency-key": IDEM },
  });
  expect(bulk.body.data.accepted).toBe(1);
  ids.batch = bulk.body.data.batch_id;
  const hook = await app.request("/api/v1/merchant/webhook-endpoints", { method: "POST", key: owner.testApiKey, json: { url: "http://127.0.0.1:9/owner-hook-2" } });
  ids.endpoint = hook.body.data.id;
  secrets.push(hook.body.data.secret, ids.endpoint);
  const resent = await app.request(`/api/v1/merchant/transactions/${ids.payin}/resend-webhook`, { method: "POST", key: owner.testApiKey });
  expect(resent.status).toBe(200);
  const events = await app.request("/api/v1/merchant/events", { key: owner.testApiKey });
  ids.event = events.body.data[0].id;
  await flushRequestLogs();
  ids.requestLog = (await app.request("/api/v1/merchant/request-logs?limit=1", { key: owner.testApiKey })).body.data[0].id;
  const link = await app.request("/api/v1/merchant/payment-links", { method: "POST", key: owner.testApiKey, json: { title: "Owner's link", country_code: "CI", amount: 1000 } });
  expect(link.status).toBe(200);
  ids.link = link.body.data.id;
  const session = await app.request("/api/v1/merchant/checkout-sessions", {
    method: "POST",
    key: owner.testApiKey,
    json: { amount: 1000, currency: "XOF", order_id: ORDER, return_url: "https://owner.example/back" },
  });
  expect(session.status).toBe(200);
  ids.session = session.body.data.id;
  ids.apiKey = (await createApiKey(app.database.db, { merchantId: owner.merchantId, mode: "test", name: "kept" })).id;
  const extra = await createApiKey(app.database.db, { merchantId: owner.merchantId, mode: "test", name: "to revoke" });
  revokedKey = extra.key;
  expect((await app.request(`/api/v1/merchant/transactions/${ids.payin}`, { key: revokedKey })).status).toBe(200);
  await revokeApiKey(app.database.db, { merchantId: owner.merchantId, keyId: extra.id });
  clearApiKeyCache();
  secrets.push(ids.link, link.body.data.slug, ids.session, ids.apiKey);
  secrets.push(ids.event, ids.requestLog, ids.payin, ids.pinPayin, ids.payout, ids.batch, bulk.body.data.items[0].data.transaction_id, ORDER, owner.merchantId, owner.webhookSecret, "owner-hook");
});
afterAll(() => app.close());

describe("the tenancy and mode matrix", () => {
  it("covers every endpoint on disk", async () => {
    const onDisk = new Set<string>();
    for (const entry of buildRouteTable(routeModules, ["/api/v1"])) {
      const mod = entry.module as Partial<Record<string, Partial<Endpoint>>>;
      // Implemented methods are endpoint() handlers (they carry a spec); the rest answer 405.
      const methods = HTTP_METHODS.filter((m) => mod[m]?.spec !== undefined);
      for (const m of methods.length ? methods : ["GET"]) onDisk.add(`${m} ${entry.pattern}`);
    }
    const covered = new Set(rows.map((r) => r.endpoint.split("#")[0]));
    expect([...onDisk].filter((e) => !covered.has(e)).sort()).toEqual([]);
  });

  it("answers every non-owner with 401/404 (or nothing of the owner's) and leaks nothing", async () => {
    let cells = 0;
    for (const row of rows) {
      for (const p of PRINCIPALS) {
        const call = row.call(p);
        const res = await app.request(call.path, { method: call.method, key: keyOf(p), json: call.json, headers: call.headers });
        const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
        try {
          (row.expect ?? defaultExpect)(p, res);
          for (const s of secrets) if (!row.echoes?.includes(s)) expect(text).not.toContain(s);
        } catch (err) {
          throw new Error(`${row.endpoint} as ${p}: ${(err as Error).message}\n${text.slice(0, 500)}`);
        }
        cells++;
      }
    }
    // And the owner still sees everything: the matrix is not passing because nothing works.
    for (const id of [ids.payin, ids.payout]) expect((await app.request(`/api/v1/merchant/transactions/${id}`, { key: owner.testApiKey })).status).toBe(200);
    figure("tenancy matrix", { endpoints: new Set(rows.map((r) => r.endpoint.split("#")[0])).size, principals: PRINCIPALS.length, cells, leaks: 0 });
  });
});
