import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, ledgerKinds, payinRequest, payoutRequest, statusWebhooks, timeline, walletMatchesLedger, walletOf } from "../helpers/payments";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { auditLog, transactions, webhookSettings } from "@/server/db/schema";

/**
 * The test-mode control of issue 24 through real HTTP on a real database: the outcome
 * endpoint (payin, payout, refusals, live key 404), `metadata.sandbox_delay_ms`, the
 * reset endpoint (test data gone, live data and settings kept, audit row) and the 2.3/2.4
 * extra fields `decline_reason` and `beneficiary`.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp();
  m = await app.createMerchant({ kycStatus: "approved" });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

const db = () => app.database.db;
const settle = async () => {
  while ((await runWorkerBatch(db())).lifecycle > 0);
};
const outcome = (id: string, json: unknown, key = m.testApiKey) => app.request(`/api/v1/test/transactions/${id}/outcome`, { method: "POST", key, json });
const status = (id: string, key = m.testApiKey) => app.request(`/api/v1/merchant/transactions/${id}`, { key });

/** A payin on the sandbox number that never resolves by itself (0003): pending until told. */
async function pendingPayin(extra: Record<string, unknown> = {}, key = m.testApiKey) {
  const res = await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ outcome: "pending", callback_url: receiver.url, ...extra }) });
  expect(res.status).toBe(200);
  return res.body.data.transaction_id as string;
}

describe("POST /api/v1/test/transactions/{id}/outcome", () => {
  it("settles a pending payin now: status, ledger, timeline, webhook", async () => {
    const id = await pendingPayin();
    await settle();
    expect((await status(id)).body.data.status).toBe("pending");

    const res = await outcome(id, { status: "successful" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Outcome applied");
    expect(res.body.data).toMatchObject({ transaction_id: id, status: "successful", type: "cashin", decline_reason: null });
    expect((await status(id)).body.data.status).toBe("successful");
    expect(await timeline(db(), id)).toEqual(["->pending", "pending>successful"]);
    expect(await ledgerKinds(db(), id)).toEqual(["payin_settle:available:100000", "payin_settle:fees:1500", "payin_settle:network:-101500"]);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
    expect((await statusWebhooks(db(), id)).map((e) => JSON.parse(e.body).status)).toEqual(["successful"]);
    expect(await waitFor(async () => (await runWorkerBatch(db()), receiver.received.some((r) => r.raw.toString().includes(id))), 5000)).toBe(true);

    // Final now: a second outcome is refused, nothing changes.
    const again = await outcome(id, { status: "failed" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: "error", message: "Transaction is not pending", data: { status: "successful" } });
    expect((await status(id)).body.data.status).toBe("successful");
  });

  it("fails a payin with the given reason, shown as decline_reason in 2.3 and in the webhook", async () => {
    const id = await pendingPayin();
    const res = await outcome(id, { status: "failed", reason: "Wallet frozen by QA" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", decline_reason: "Wallet frozen by QA" });
    expect((await status(id)).body.data.decline_reason).toBe("Wallet frozen by QA");
    await waitFor(async () => (await runWorkerBatch(db()), receiver.received.some((r) => r.raw.toString().includes(id))), 5000);
    const hook = receiver.received.map((r) => JSON.parse(r.raw.toString())).find((b) => b.transaction_id === id);
    expect(hook).toMatchObject({ status: "failed", decline_reason: "Wallet frozen by QA" });
    expect(await ledgerKinds(db(), id)).toEqual([]);
  });

  it("cancels with the sandbox's own reason when none is given", async () => {
    const id = await pendingPayin();
    const res = await outcome(id, { status: "cancelled" });
    expect(res.body.data).toMatchObject({ status: "cancelled", decline_reason: "Customer declined the payment" });
  });

  it("settles a payout: a failure gives the reserved money back; beneficiary and reason in 2.3", async () => {
    await fund(db(), { merchantId: m.merchantId, currency: "KES", amount: 5000 });
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "KES" });
    const created = await app.request("/api/v1/merchant/payout", {
      method: "POST",
      key: m.testApiKey,
      json: payoutRequest({ country: "KE", network: "mpesa", currency: "KES", amount: 100, outcome: "pending" }),
    });
    expect(created.status).toBe(200);
    const id = created.body.data.transaction_id;
    expect((await walletOf(db(), { merchantId: m.merchantId, currency: "KES" })).available).toBeLessThan(before.available);

    const res = await outcome(id, { status: "failed" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: "cashout", status: "failed", decline_reason: "Recipient account not found", metadata: { beneficiary: "Awa Marie Diop" } });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "KES" })).toEqual(before);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "KES" })).toBe(true);
  });

  it("answers 404 to a live key, an unknown id and another merchant's transaction; 422 to a bad status", async () => {
    const id = await pendingPayin();
    const live = await outcome(id, { status: "successful" }, m.liveApiKey!);
    expect(live.status).toBe(404);
    expect(live.body).toMatchObject({ status: "error", message: "Not found", data: null });
    expect((await outcome("pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D", { status: "successful" })).status).toBe(404);
    const other = await app.createMerchant();
    expect((await outcome(id, { status: "successful" }, other.testApiKey!)).status).toBe(404);
    const bad = await outcome(id, { status: "pending" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data)).toEqual(["status"]);
    expect((await outcome(id, { status: "failed", reason: "x".repeat(256) })).status).toBe(422);
    expect((await status(id)).body.data.status).toBe("pending");
  });
});

describe("metadata.sandbox_delay_ms", () => {
  it("sets a payin's own timing: 0 settles at the next worker pass, 600000 waits", async () => {
    const now = await pendingPayin({ outcome: "successful", metadata: { sandbox_delay_ms: 0 } });
    const later = await pendingPayin({ outcome: "successful", metadata: { sandbox_delay_ms: 600_000 } });
    await settle();
    expect((await status(now)).body.data.status).toBe("successful");
    expect((await status(later)).body.data.status).toBe("pending");
    const [row] = await db().select().from(transactions).where(eq(transactions.id, later));
    const wait = row.nextCheckAt!.getTime() - row.createdAt.getTime();
    expect(wait).toBe(600_000);
    // The outcome endpoint does not wait for it.
    expect((await outcome(later, { status: "successful" })).body.data.status).toBe("successful");
  });

  it("refuses values outside 0-600000 and non-integers with 422", async () => {
    for (const v of [-1, 600_001, 1.5, "100"]) {
      const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ metadata: { sandbox_delay_ms: v } }) });
      expect(res.status, String(v)).toBe(422);
      expect(Object.keys(res.body.data)).toEqual(["metadata.sandbox_delay_ms"]);
    }
  });
});

describe("POST /api/v1/test/reset", () => {
  it("deletes the merchant's test data, keeps live data, settings and other merchants, and is audited", async () => {
    const r = await app.createMerchant({ kycStatus: "approved" });
    const other = await app.createMerchant();
    await fund(db(), { merchantId: r.merchantId, currency: "XOF", amount: 20_000 });
    await fund(db(), { merchantId: r.merchantId, mode: "live", currency: "XOF", amount: 7_000 });
    await fund(db(), { merchantId: other.merchantId, currency: "XOF", amount: 1_000 });
    await db().insert(webhookSettings).values({ merchantId: r.merchantId, mode: "test", url: "https://shop.example.com/hook" })
      .onConflictDoUpdate({ target: [webhookSettings.merchantId, webhookSettings.mode], set: { url: "https://shop.example.com/hook" } });
    const payin = await app.request("/api/v1/merchant/payin", { method: "POST", key: r.testApiKey, json: payinRequest({ amount: 1000 }) });
    await settle();
    const refund = await app.request(`/api/v1/merchant/transactions/${payin.body.data.transaction_id}/refund`, { method: "POST", key: r.testApiKey, json: { amount: 500 } });
    expect(refund.status).toBe(200);
    await app.request("/api/v1/merchant/payout", { method: "POST", key: r.testApiKey, json: payoutRequest({ amount: 1000, outcome: "pending" }) });
    const otherPayin = await app.request("/api/v1/merchant/payin", { method: "POST", key: other.testApiKey, json: payinRequest() });

    const res = await app.request("/api/v1/test/reset", { method: "POST", key: r.testApiKey });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Test data reset");
    expect(res.body.data).toMatchObject({ transactions: 3, balances: 1, bulk_batches: 0 });
    expect(res.body.data.webhook_events).toBeGreaterThanOrEqual(1);
    expect(res.body.data.ledger_entries).toBeGreaterThan(0);

    const list = await app.request("/api/v1/merchant/transactions", { key: r.testApiKey });
    expect(list.body.data).toEqual([]);
    expect((await app.request("/api/v1/merchant/balances", { key: r.testApiKey })).body.data).toEqual([]);
    expect((await status(payin.body.data.transaction_id, r.testApiKey!)).status).toBe(404);
    // Live money, the test webhook URL and the other merchant are untouched.
    expect(await walletOf(db(), { merchantId: r.merchantId, mode: "live", currency: "XOF" })).toEqual({ available: 700_000n, inFlight: 0n });
    expect(await walletMatchesLedger(db(), { merchantId: r.merchantId, mode: "live", currency: "XOF" })).toBe(true);
    const [hook] = await db().select().from(webhookSettings).where(and(eq(webhookSettings.merchantId, r.merchantId), eq(webhookSettings.mode, "test")));
    expect(hook?.url).toBe("https://shop.example.com/hook");
    expect((await status(otherPayin.body.data.transaction_id, other.testApiKey!)).status).toBe(200);
    expect((await walletOf(db(), { merchantId: other.merchantId, currency: "XOF" })).available).toBeGreaterThan(0n);

    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.merchantId, r.merchantId), eq(auditLog.action, "test_data.reset")));
    expect(audit).toMatchObject({ mode: "test", actorType: "api_key", after: res.body.data });

    // The account works on: a new test payin, then a second reset of nothing.
    expect((await app.request("/api/v1/merchant/payin", { method: "POST", key: r.testApiKey, json: payinRequest() })).status).toBe(200);
    const again = await app.request("/api/v1/test/reset", { method: "POST", key: r.testApiKey });
    expect(again.body.data).toMatchObject({ transactions: 1, balances: 0, ledger_entries: 0 });
  });

  it("answers 404 to a live key and deletes nothing", async () => {
    const id = await pendingPayin();
    const res = await app.request("/api/v1/test/reset", { method: "POST", key: m.liveApiKey });
    expect(res.status).toBe(404);
    expect((await status(id)).status).toBe(200);
  });
});

describe("clearer errors (detail beside the interface's message)", () => {
  it("a key without Bearer says how to send it", async () => {
    const res = await app.request("/api/v1/merchant/balances", { headers: { authorization: m.testApiKey! } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: "error", message: "Unauthenticated", data: null });
    expect(res.body.detail).toMatch(/Authorization: Bearer sk_test_/);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect((await app.request("/api/v1/merchant/balances")).body.detail).toMatch(/^No API key/);
  });

  it("a form-encoded body says JSON is expected", async () => {
    const res = await app.request("/api/v1/merchant/payin", {
      method: "POST",
      key: m.testApiKey,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "amount=1000&metadata[network]=mtn",
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "error", message: "Invalid JSON body", data: null });
    expect(res.body.detail).toMatch(/Content-Type: application\/json; this request sent application\/x-www-form-urlencoded/);
  });

  it("refunding a payout says only payins can be refunded", async () => {
    await fund(db(), { merchantId: m.merchantId, currency: "XOF", amount: 5000 });
    const payout = await app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey, json: payoutRequest({ amount: 1000 }) });
    await settle();
    const res = await app.request(`/api/v1/merchant/transactions/${payout.body.data.transaction_id}/refund`, { method: "POST", key: m.testApiKey, json: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Transaction cannot be refunded", detail: `Only payins can be refunded; ${payout.body.data.transaction_id} is a payout.` });
  });
});
