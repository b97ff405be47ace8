import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, ledgerTotal, payoutRequest, statusWebhooks, walletMatchesLedger, walletOf } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { transactions } from "@/server/db/schema";

/**
 * Bulk payouts (D16) through HTTP: per-item validation and results in order, the wallet
 * reservation of the accepted items (first come first served, as single payouts), the
 * batch view with current statuses, per-item webhooks, Idempotency-Key over the whole
 * batch, tenancy and mode isolation, and a 1,000-item batch.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let other: M;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  m = await app.createMerchant();
  other = await app.createMerchant();
});
afterAll(() => app.close());

const db = () => app.database.db;
const settle = async () => {
  while ((await runWorkerBatch(db())).lifecycle > 0);
};
const bulk = (payouts: unknown, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  app.request("/api/v1/merchant/payouts/bulk", { method: "POST", key: opts.key ?? m.testApiKey!, json: { payouts }, headers: opts.headers });
const batch = (id: string, key = m.testApiKey!) => app.request(`/api/v1/merchant/payouts/bulk/${id}`, { key });
const item = (order: string, extra: Record<string, unknown> = {}) => payoutRequest({ amount: 1000, order_id: order, ...extra });

describe("a bulk payout", () => {
  it("answers each item in order: created payouts and the invalid one's 422; the batch view follows their statuses", async () => {
    await fund(db(), { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const res = await bulk([item("b1-1"), item("b1-2", { metadata: { phone_number: "12" } }), item("b1-3", { outcome: "failed" })]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Bulk payout processed");
    const data = res.body.data;
    expect(data).toMatchObject({ total: 3, accepted: 2, rejected: 1 });
    expect(data.batch_id).toMatch(/^bat_/);
    expect(data.items.map((i: { index: number; http_status: number }) => [i.index, i.http_status])).toEqual([[0, 200], [1, 422], [2, 200]]);
    expect(data.items[0]).toMatchObject({ order_id: "b1-1", status: "success", data: { amount: 1000, fee: 10, charged_amount: 1010, status: "pending", order_id: "b1-1" } });
    expect(data.items[0].data.transaction_id).toMatch(/^po_/);
    expect(data.items[1]).toEqual({
      index: 1,
      order_id: "b1-2",
      http_status: 422,
      status: "error",
      message: "Validation failed",
      data: { "metadata.phone_number": ["The metadata.phone_number field must be a valid phone number for CI."] },
    });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 202_000n, inFlight: before.inFlight + 202_000n });

    const pending = await batch(data.batch_id);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ batch_id: data.batch_id, total: 3, accepted: 2, rejected: 1, completed: false, statuses: { pending: 2, successful: 0, failed: 0, cancelled: 0 } });
    await settle();
    const done = (await batch(data.batch_id)).body.data;
    expect(done).toMatchObject({ completed: true, statuses: { pending: 0, successful: 1, failed: 1, cancelled: 0 } });
    expect(done.items.map((i: { data: { status?: string } }) => i.data.status ?? null)).toEqual(["successful", null, "failed"]);
    expect(done.items[0].data.type).toBe("cashout");
    // The refused item reads back exactly as answered: the body kept for the dashboard stays inside.
    expect(done.items[1]).toEqual(data.items[1]);
    // Each payout its own webhook events.
    for (const i of [0, 2]) expect(await statusWebhooks(db(), data.items[i].data.transaction_id)).toHaveLength(1);
    // The failed one gave amount + fee back.
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 101_000n, inFlight: 0n });
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });

  it("takes items in order while the balance covers them; refused ones get the 400 with the balance left at their turn", async () => {
    const poor = await app.createMerchant();
    await fund(db(), { merchantId: poor.merchantId, currency: "XOF", amount: 2_500 });
    const res = await bulk([item("p-1"), item("p-2"), item("p-3"), item("p-4", { amount: 400, metadata: {} })], { key: poor.testApiKey! });
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((i: { http_status: number }) => i.http_status)).toEqual([200, 200, 400, 400]);
    expect(items[2]).toMatchObject({ message: "Insufficient balance for payout", data: { required_amount: 1010, available_balance: 480, currency: "XOF" } });
    // Below the CI minimum: the limits error of a single payout.
    expect(items[3]).toMatchObject({ message: "Amount must be between 500 and 1500000 XOF for CI", data: { amount: 400, min_amount: 500 } });
    expect(await walletOf(db(), { merchantId: poor.merchantId, currency: "XOF" })).toEqual({ available: 48_000n, inFlight: 202_000n });
  });

  it("requires an order_id unique in the batch, and 1 to 1,000 items", async () => {
    const res = await bulk([item("dup"), item("dup"), payoutRequest({ amount: 1000 }), "not an object"]);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items[0].http_status).toBe(200);
    expect(items[1]).toMatchObject({ http_status: 422, data: { order_id: ["The order_id field must be unique within the batch."] } });
    expect(items[2]).toMatchObject({ http_status: 422, data: { order_id: ["The order_id field is required."] } });
    expect(items[3]).toMatchObject({ http_status: 422, order_id: null });
    for (const payouts of [[], Array.from({ length: 1001 }, (_, i) => item(`x-${i}`)), "nope"]) {
      const r = await bulk(payouts);
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.data)).toEqual(["payouts"]);
    }
  });

  it("replays the whole batch with the same Idempotency-Key, 409 with another body", async () => {
    const headers = { "Idempotency-Key": "bulk-idem-1" };
    const first = await bulk([item("i-1"), item("i-2")], { headers });
    const [{ n: count }] = await db().select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, m.merchantId));
    const again = await bulk([item("i-1"), item("i-2")], { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    const [{ n: after }] = await db().select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, m.merchantId));
    expect(after).toBe(count);
    const conflict = await bulk([item("i-1")], { headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe("Idempotency key reused with different parameters");
  });

  it("a batch is the merchant's and the mode's: 404 for another merchant's key, the live key, an unknown id", async () => {
    const res = await bulk([item("t-1")]);
    const id = res.body.data.batch_id;
    for (const [bid, key] of [[id, other.testApiKey!], [id, m.liveApiKey!], ["bat_nope", m.testApiKey!]]) {
      const r = await batch(bid, key);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ status: "error", message: "Batch not found", data: null });
    }
  });

  it("live: 403 without KYC; with KYC, items on an unconfigured network get 503", async () => {
    const pending = await app.createMerchant({ kycStatus: "pending" });
    const refused = await bulk([item("l-1")], { key: pending.liveApiKey! });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("KYC approval required for live payouts");
    const approved = await app.createMerchant({ kycStatus: "approved" });
    await fund(db(), { merchantId: approved.merchantId, mode: "live", currency: "XOF", amount: 5_000 });
    const res = await bulk([item("l-1")], { key: approved.liveApiKey! });
    expect(res.status).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({ http_status: 503, message: "Network unavailable", data: null });
    expect(await walletOf(db(), { merchantId: approved.merchantId, mode: "live", currency: "XOF" })).toEqual({ available: 500_000n, inFlight: 0n });
  });

  it("1,000 items in one request, all reserved against the wallet", { timeout: 120_000 }, async () => {
    const big = await app.createMerchant();
    await fund(db(), { merchantId: big.merchantId, currency: "XOF", amount: 1000 * 1010 });
    const started = performance.now();
    const res = await bulk(Array.from({ length: 1000 }, (_, i) => item(`big-${i}`)), { key: big.testApiKey! });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1000, accepted: 1000, rejected: 0 });
    expect(await walletOf(db(), { merchantId: big.merchantId, currency: "XOF" })).toEqual({ available: 0n, inFlight: 1000n * 101_000n });
    console.log(`bulk 1,000 items: ${Math.round(ms)} ms`);
  });
});
