import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { setEnv } from "../helpers/live";
let undoProxy: () => void;
import { payinRequest } from "../helpers/payments";
import { enqueueRequestLog, flushRequestLogs, requestLogStats, type RequestLogEntry } from "@/server/request-logs/write-batch";
import { purgeExpired, retentionJob } from "@/server/request-logs/retention";
import type { Database } from "@/server/db/client";
import { sharedLimiter, sweepExpiredCounters } from "@/server/rate-limit/store";
import { withDeadline } from "@/server/db/deadline";
import { idFloor } from "@/server/ids";

/** Issue 23, part 2: every authenticated /api/v1 request in the request log, secrets removed. */
let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;
let other: Awaited<ReturnType<TestApp["createMerchant"]>>;
let payinId: string;

beforeAll(async () => {
  // The test stands in for a proxy of ours that sets X-Forwarded-For (issue 19 §4).
  undoProxy = setEnv({ TRUSTED_PROXIES: "1" });
  app = await startTestApp();
  m = await app.createMerchant();
  other = await app.createMerchant();
  const created = await app.request("/api/v1/merchant/payin", {
    method: "POST",
    key: m.testApiKey,
    json: payinRequest({ order_id: "logs-1" }),
    headers: { "idempotency-key": "logs-key-1", "x-forwarded-for": "203.0.113.9", "x-request-id": "req-logs-test-0001" },
  });
  expect(created.status).toBe(200);
  payinId = created.body.data.transaction_id;
  await app.request(`/api/v1/merchant/transactions/${payinId}`, { key: m.testApiKey });
  // Refused (unknown fields), but recorded: and its secrets must not be.
  const refused = await app.request("/api/v1/merchant/payin", {
    method: "POST",
    key: m.testApiKey,
    json: { ...payinRequest({ order_id: "logs-2", amount: -5, metadata: { om_otp: "4321" } }), password: "hunter2-secret", note: `key ${m.testApiKey} and whsec_c2VjcmV0c2VjcmV0` },
  });
  expect(refused.status).toBe(422);
  await app.request("/api/v1/merchant/balances", { key: m.liveApiKey });
  await app.request("/api/v1/merchant/balances", { key: "sk_test_nope" });
  await flushRequestLogs();
});

afterAll(async () => {
  await app?.close();
  undoProxy?.();
});

const logs = async (key: string, q = "") => {
  const res = await app.request(`/api/v1/merchant/request-logs${q}`, { key });
  expect(res.status, q).toBe(200);
  return res.body as { data: Record<string, unknown>[]; next_cursor: string | null; meta: { per_page: number } };
};

describe("GET /api/v1/merchant/request-logs", () => {
  it("records each request of the key's mode, newest first, in the D20 list shape", async () => {
    const page = await logs(m.testApiKey!);
    expect(Object.keys(page).sort()).toEqual(["data", "message", "meta", "next_cursor", "status"]);
    const rows = page.data.filter((r) => r.path !== "/api/v1/merchant/request-logs");
    expect(rows.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /api/v1/merchant/payin 422",
      `GET /api/v1/merchant/transactions/${payinId} 200`,
      "POST /api/v1/merchant/payin 200",
    ]);
    const create = rows[2];
    expect(create).toMatchObject({
      request_id: "req-logs-test-0001",
      idempotency_key: "logs-key-1",
      client_address: "203.0.113.9",
      transaction_id: payinId,
      query: "",
      api_key: { id: expect.stringMatching(/^key_/), prefix: m.testApiKey!.slice(0, 12) },
    });
    expect(create.duration_ms).toBeGreaterThan(0);
    expect(create).not.toHaveProperty("request_body");
  });

  it("finds a transaction's requests, and the detail has both bodies", async () => {
    const page = await logs(m.testApiKey!, `?transaction_id=${payinId}`);
    expect(page.data.map((r) => r.method)).toEqual(["GET", "POST"]);
    const detail = await app.request(`/api/v1/merchant/request-logs/${page.data[1].id}`, { key: m.testApiKey });
    expect(detail.status).toBe(200);
    expect(JSON.parse(detail.body.data.request_body)).toMatchObject({ order_id: "logs-1", amount: 1000 });
    expect(JSON.parse(detail.body.data.response_body)).toMatchObject({ status: "success", data: { transaction_id: payinId } });
  });

  it("stores no secret: no Authorization, passwords, OTP codes, sk_ or whsec_ values", async () => {
    const [refused] = (await logs(m.testApiKey!, "?status_class=4xx")).data;
    const detail = (await app.request(`/api/v1/merchant/request-logs/${refused.id}`, { key: m.testApiKey })).body.data;
    const body = JSON.parse(detail.request_body);
    expect(body.password).toBe("[redacted]");
    expect(body.metadata.om_otp).toBe("[redacted]");
    expect(body.note).toBe("key sk_test_[redacted] and whsec_[redacted]");
    const stored = await app.database.db.execute(sql`select row_to_json(r)::text as t from request_logs r`);
    const text = JSON.stringify(stored);
    for (const secret of [m.testApiKey!, m.liveApiKey!, "hunter2", "4321", "c2VjcmV0c2VjcmV0", "Bearer"]) expect(text).not.toContain(secret);
  });

  it("stores no secret of a body that does not parse either (cut short, form-encoded), and the answer says where it broke", async () => {
    const own = await app.createMerchant();
    const sent = [
      { body: '{"amount": 1500, "password": "hunter3-secret", "metadata": {"om_otp": "86420', type: "application/json" },
      { body: "amount=1500&metadata%5Bom_otp%5D=97531&pin=2468", type: "application/x-www-form-urlencoded" },
    ];
    for (const { body, type } of sent) {
      const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: own.testApiKey, body, headers: { "content-type": type } });
      expect([res.status, res.body.message]).toEqual([400, "Invalid JSON body"]);
    }
    await flushRequestLogs();
    const rows = (await logs(own.testApiKey!, "?status_class=4xx")).data;
    expect(rows).toHaveLength(2);
    const details = await Promise.all(rows.map(async (r) => (await app.request(`/api/v1/merchant/request-logs/${r.id}`, { key: own.testApiKey })).body.data));
    const [form, cut] = details;
    expect(cut.request_body).toBe('{"amount": 1500, "password": "[redacted]", "metadata": {"om_otp": "[redacted]"');
    expect(JSON.parse(cut.response_body).detail).toBe("The body is not valid JSON: unterminated string at line 1, column 77.");
    expect(form.request_body).toBe("amount=1500&metadata%5Bom_otp%5D=[redacted]&pin=[redacted]");
    const stored = JSON.stringify(await app.database.db.execute(sql`select row_to_json(r)::text as t from request_logs r`));
    for (const secret of ["hunter3", "86420", "97531", "2468"]) expect(stored).not.toContain(secret);
  });

  it("filters by status class, path, method, key and time; pages with a cursor", async () => {
    expect((await logs(m.testApiKey!, "?status_class=2xx&path=/api/v1/merchant/payin")).data).toHaveLength(1);
    expect((await logs(m.testApiKey!, "?method=GET&path=/api/v1/merchant/transactions")).data).toHaveLength(1);
    const keyId = (await logs(m.testApiKey!, "?limit=1")).data[0].api_key as { id: string };
    expect((await logs(m.testApiKey!, `?api_key_id=${keyId.id}&path=/api/v1/merchant/payin`)).data).toHaveLength(2);
    expect((await logs(m.testApiKey!, "?api_key_id=key_other")).data).toEqual([]);
    expect((await logs(m.testApiKey!, "?created_to=2020-01-01")).data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs(m.testApiKey!, `?created_from=${today}&path=/api/v1/merchant/payin`)).data).toHaveLength(2);
    const first = await logs(m.testApiKey!, "?limit=1&path=/api/v1/merchant/payin");
    const second = await logs(m.testApiKey!, `?limit=1&path=/api/v1/merchant/payin&cursor=${first.next_cursor}`);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect(second.next_cursor).toBeNull();
    for (const q of ["status_class=6xx", "limit=0", "cursor=nope", "path=nope", "created_from=yesterday"]) {
      const res = await app.request(`/api/v1/merchant/request-logs?${q}`, { key: m.testApiKey });
      expect(res.status, q).toBe(422);
    }
    // The cursor's own sentence, as GET /merchant/transactions words it (was "The cursor field format is invalid.").
    expect((await app.request("/api/v1/merchant/request-logs?cursor=nope", { key: m.testApiKey })).body.data).toEqual({ cursor: ["The cursor field is invalid."] });
  });

  it("keeps modes and merchants apart; unauthenticated requests are not recorded", async () => {
    const live = await logs(m.liveApiKey!);
    expect(live.data.map((r) => r.path)).toEqual(["/api/v1/merchant/balances"]);
    expect((await logs(other.testApiKey!)).data.filter((r) => r.path !== "/api/v1/merchant/request-logs")).toEqual([]);
    const [mine] = (await logs(m.testApiKey!, "?path=/api/v1/merchant/payin")).data;
    expect((await app.request(`/api/v1/merchant/request-logs/${mine.id}`, { key: other.testApiKey })).status).toBe(404);
    expect((await app.request(`/api/v1/merchant/request-logs/${mine.id}`, { key: m.liveApiKey })).status).toBe(404);
    expect((await app.request("/api/v1/merchant/request-logs/rql_nope", { key: m.testApiKey })).body).toEqual({ status: "error", message: "Request log not found", data: null });
  });
});

describe("a mistyped path or method", () => {
  it("answers 404/405 with a request id whatever the key, and a valid key's call is in its merchant's log", async () => {
    const own = await app.createMerchant();
    const call = (path: string, init: { method?: string; key?: string | null } = {}) => app.request(path, { ...init, contract: false });
    const typo = await call("/api/v1/merchant/payins", { method: "POST", key: own.testApiKey });
    const wrongMethod = await call("/api/v1/merchant/balances", { method: "DELETE", key: own.testApiKey });
    expect([typo.status, typo.body]).toEqual([404, { status: "error", message: "Not found", data: null }]);
    expect([wrongMethod.status, wrongMethod.body]).toEqual([405, { status: "error", message: "Method not allowed", data: null }]);
    for (const res of [typo, wrongMethod]) expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    // No key, a wrong key: the same answers (the status never depends on the key), recorded nowhere.
    for (const key of [null, "sk_test_nope"]) {
      expect((await call("/api/v1/merchant/payins", { method: "POST", key })).status).toBe(404);
      expect((await call("/api/v1/merchant/balances", { method: "DELETE", key })).status).toBe(405);
    }
    await flushRequestLogs();
    const rows = (await logs(own.testApiKey!, "?status_class=4xx")).data;
    expect(rows.map((r) => [r.method, r.path, r.status, r.request_id])).toEqual([
      ["DELETE", "/api/v1/merchant/balances", 405, wrongMethod.headers.get("x-request-id")],
      ["POST", "/api/v1/merchant/payins", 404, typo.headers.get("x-request-id")],
    ]);
    const detail = (await app.request(`/api/v1/merchant/request-logs/${rows[1].id}`, { key: own.testApiKey })).body.data;
    expect(JSON.parse(detail.response_body)).toEqual({ status: "error", message: "Not found", data: null });
    const stored = await app.database.db.execute(sql`select count(*)::int as n from request_logs where path in ('/api/v1/merchant/payins', '/api/v1/merchant/balances') and method <> 'GET'`);
    expect(JSON.stringify(stored)).toContain('"n":2');
  });
});

describe("the writer", () => {
  it("keeps writing after a flush found nothing to write (a settled run must not block the next)", async () => {
    await flushRequestLogs();
    await flushRequestLogs();
    const res = await app.request("/api/v1/merchant/balances?probe=after-idle-flush", { key: other.testApiKey });
    expect(res.status).toBe(200);
    await flushRequestLogs();
    const found = await app.database.db.execute(sql`select count(*)::int as n from request_logs where query = 'probe=after-idle-flush'`);
    expect(JSON.stringify(found)).toContain('"n":1');
  });

  it("stores a body as sent: tabs, CR/LF, backslashes, quotes and non-ASCII survive the batch (COPY's escapes on PostgreSQL)", async () => {
    const sent = JSON.stringify(payinRequest({ order_id: "logs-escapes", description: 'a\\b "c" é ✓ 😀 \\N' }), null, "\t").replace(/\n/g, "\r\n");
    const res = await app.request("/api/v1/merchant/payin?probe=escapes", { method: "POST", key: other.testApiKey, body: sent, headers: { "content-type": "application/json" } });
    expect([200, 422]).toContain(res.status);
    await flushRequestLogs();
    const found = await app.database.db.execute(sql`select request_body, response_body from request_logs where query = 'probe=escapes'`);
    const rows = (Array.isArray(found) ? found : (found as unknown as { rows: unknown[] }).rows) as { request_body: string; response_body: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].request_body).toBe(sent);
    expect(JSON.parse(rows[0].response_body)).toMatchObject({ status: res.body.status });
  });

  it("what arrives during a write waits for a full batch (or the timer), not a small batch at once", async () => {
    await flushRequestLogs();
    // No timer flush in the middle of the test, however slow the machine.
    const undo = setEnv({ REQUEST_LOG_FLUSH_MS: "60000" });
    const db = app.database.db;
    const entry = (i: number): RequestLogEntry => ({
      merchantId: other.merchantId,
      mode: "test",
      apiKeyId: "key_batching",
      method: "GET",
      path: "/api/v1/merchant/balances",
      query: `probe=batching-${i}`,
      status: 200,
      durationMs: 1,
      requestId: `req_batching_${i}`,
      idempotencyKey: null,
      clientAddress: null,
      requestText: undefined,
      responseText: '{"status":"success"}',
      at: new Date(),
    });
    const before = requestLogStats();
    // 500 start a write; 120 more arrive while it runs.
    for (let i = 0; i < 620; i++) enqueueRequestLog(db, entry(i));
    await expect.poll(() => requestLogStats().batches - before.batches, { interval: 1 }).toBe(1);
    expect(requestLogStats().entries - before.entries).toBe(500);
    // The 120 stay queued after the first write, for its timer; 380 more make a full batch.
    await new Promise((r) => setTimeout(r, 50));
    expect(requestLogStats()).toMatchObject({ batches: before.batches + 1, queued: 120 });
    for (let i = 620; i < 1000; i++) enqueueRequestLog(db, entry(i));
    await expect.poll(() => requestLogStats().batches - before.batches, { interval: 1 }).toBe(2);
    undo();
    await flushRequestLogs();
    const after = requestLogStats();
    expect({ batches: after.batches - before.batches, entries: after.entries - before.entries, queued: after.queued }).toEqual({ batches: 2, entries: 1000, queued: 0 });
    const found = await db.execute(sql`select count(*)::int as n from request_logs where api_key_id = 'key_batching'`);
    expect(JSON.stringify(found)).toContain('"n":1000');
  });

  it("flushRequestLogs (the shutdown drain) writes everything queued, also more than a batch behind a write in flight", async () => {
    await flushRequestLogs();
    const undo = setEnv({ REQUEST_LOG_FLUSH_MS: "60000" });
    const db = app.database.db;
    const entry = (i: number): RequestLogEntry => ({
      merchantId: other.merchantId,
      mode: "test",
      apiKeyId: "key_drain",
      method: "GET",
      path: "/api/v1/merchant/balances",
      query: `probe=drain-${i}`,
      status: 200,
      durationMs: 1,
      requestId: `req_drain_${i}`,
      idempotencyKey: null,
      clientAddress: null,
      requestText: undefined,
      responseText: '{"status":"success"}',
      at: new Date(),
    });
    const before = requestLogStats();
    // 500 start a write; 499 more wait behind it (not a full batch), then the drain is asked for.
    for (let i = 0; i < 999; i++) enqueueRequestLog(db, entry(i));
    await flushRequestLogs();
    undo();
    const after = requestLogStats();
    expect({ entries: after.entries - before.entries, queued: after.queued }).toEqual({ entries: 999, queued: 0 });
    const found = await db.execute(sql`select count(*)::int as n from request_logs where api_key_id = 'key_drain'`);
    expect(JSON.stringify(found)).toContain('"n":999');
  });
});

describe("retention", () => {
  it("drops whole days older than 30 days (logs and finished events), keeps the rest", async () => {
    const day = 86_400_000;
    const madeAt = (type: "requestLog" | "webhookEvent", daysAgo: number, n: number) => `${idFloor(type, new Date(Date.now() - daysAgo * day)).slice(0, -1)}${n}`;
    const logs = { old: madeAt("requestLog", 32, 1), recent: madeAt("requestLog", 29, 2) };
    for (const id of Object.values(logs)) {
      await app.database.db.execute(sql`
        insert into request_logs (id, merchant_id, mode, api_key_id, method, path, status, duration_ms, request_id)
        values (${id}, ${m.merchantId}, 'test', 'key_x', 'GET', '/api/v1/merchant/balances', 200, 1, 'req_x')`);
    }
    const events = { oldDelivered: madeAt("webhookEvent", 32, 1), oldPending: madeAt("webhookEvent", 32, 2), recent: madeAt("webhookEvent", 29, 3) };
    for (const [name, id] of Object.entries(events)) {
      const state = name === "oldPending" ? "pending" : "delivered";
      await app.database.db.execute(sql`
        insert into webhook_events (id, merchant_id, mode, kind, status, body, state) values (${id}, ${m.merchantId}, 'test', 'test', 'successful', '{}', ${state}::webhook_event_state)`);
      await app.database.db.execute(sql`
        insert into webhook_attempts (id, event_id, merchant_id, url, status_code, duration_ms) values (${`${id}_a`}, ${id}, ${m.merchantId}, 'http://x', 200, 1)`);
    }
    expect(await purgeExpired(app.database.db)).toBe(2);
    const left = JSON.stringify([
      await app.database.db.execute(sql`select id from request_logs`),
      await app.database.db.execute(sql`select id from webhook_events`),
      await app.database.db.execute(sql`select id from webhook_attempts`),
    ]);
    for (const id of [logs.recent, events.oldPending, events.recent, `${events.recent}_a`, `${events.oldPending}_a`]) expect(left).toContain(id);
    for (const id of [logs.old, events.oldDelivered]) expect(left).not.toContain(`"${id}"`);
    expect(left).not.toContain(`${events.oldDelivered}_a`);
  });
});

describe("rate-limit counters", () => {
  it("the sweep (the worker's retention job) removes counters an hour past their window, even for a limiter first built inside a request", async () => {
    // Built inside a request whose deadline has passed: nothing of the limiter may inherit it.
    const limiter = await withDeadline(Date.now() - 1, () => sharedLimiter({ name: "sweep-test", points: 5, duration: 60 }));
    await limiter.consume("fresh-key");
    const hour = 3_600_000;
    await app.database.db.execute(sql`insert into rate_limits (key, points, expire) values ('sika:sweep-test:stale', 1, ${new Date(Date.now() - 2 * hour).toISOString()}), ('sika:sweep-test:recent', 1, ${new Date(Date.now() - 60_000).toISOString()})`);
    expect(await sweepExpiredCounters(app.database.db)).toBeGreaterThanOrEqual(1);
    const keys = JSON.stringify(await app.database.db.execute(sql`select key from rate_limits where key like 'sika:sweep-test:%'`));
    expect(keys).not.toContain("sika:sweep-test:stale");
    expect(keys).toContain("sika:sweep-test:recent");
    expect(keys).toContain("sika:sweep-test:fresh-key");
  });

  it("a retention run that failed (no connection in time) is due again on the next tick, not ten minutes later", async () => {
    const away = { execute: () => Promise.reject(new Error("timeout exceeded when trying to connect")) } as unknown as Database;
    await expect(retentionJob(away)).rejects.toThrow(/timeout exceeded/);
    await app.database.db.execute(sql`insert into rate_limits (key, points, expire) values ('sika:retry-test:stale', 1, ${new Date(Date.now() - 7_200_000).toISOString()})`);
    expect(await retentionJob(app.database.db)).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(await app.database.db.execute(sql`select key from rate_limits where key = 'sika:retry-test:stale'`))).not.toContain("retry-test");
    // Then it waits its ten minutes.
    expect(await retentionJob(app.database.db)).toBe(0);
  });
});
