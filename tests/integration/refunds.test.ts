import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { usingPostgres } from "../helpers/test-db";
import { fund, ledgerKinds, ledgerTotal, payinRequest, payoutRequest, statusWebhooks, walletMatchesLedger, walletOf } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { transactions } from "@/server/db/schema";
import { registerLiveConnector } from "@/server/connectors/registry";
import { NOTHING_YET, type Connector } from "@/server/connectors/types";

/**
 * Refunds (D16) through HTTP: full and partial, the refundable-amount rule (also under
 * 50 concurrent requests), the wallet debit and its ledger legs, the payout lifecycle and
 * webhooks of the refund, Idempotency-Key, each error, tenancy and mode isolation.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let other: M;


beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  m = await app.createMerchant();
  other = await app.createMerchant();
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
  await fund(app.database.db, { merchantId: m.merchantId, currency: "KES", amount: 1_000 });
});
afterAll(() => app.close());

const db = () => app.database.db;
const settle = async () => {
  while ((await runWorkerBatch(db())).lifecycle > 0);
};

/** A successful payin of `amount` (CI XOF unless told), settled by the worker. */
async function paidPayin(opts: { amount?: number; country?: string; network?: string; currency?: string; order_id?: string; key?: string } = {}) {
  const { key = m.testApiKey, ...rest } = opts;
  const res = await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ amount: 1000, order_id: "order-r1", ...rest }) });
  expect(res.status).toBe(200);
  await settle();
  return res.body.data.transaction_id as string;
}

const refund = (id: string, json: unknown = {}, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  app.request(`/api/v1/merchant/transactions/${id}/refund`, { method: "POST", key: opts.key ?? m.testApiKey, json, headers: opts.headers });
const refunds = (id: string, key = m.testApiKey) => app.request(`/api/v1/merchant/transactions/${id}/refunds`, { key });

describe("refunding a successful payin", () => {
  it("refunds in part, lists the refunds, and refuses more than what is left", async () => {
    const payin = await paidPayin();
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const res = await refund(payin, { amount: 500, reason: "Item out of stock" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Refund initiated");
    const data = res.body.data;
    expect(data.transaction_id).toMatch(/^rf_[0-9A-Z]{26}$/);
    expect(data).toMatchObject({ amount: 500, fee: 5, charged_amount: 505, currency: "XOF", order_id: "order-r1", status: "pending" });
    expect(data.metadata).toMatchObject({ network: "mtn", country_code: "CI" });
    // amount + payout fee reserved from the wallet.
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({
      available: before.available - 50_500n,
      inFlight: before.inFlight + 50_500n,
    });

    const list = await refunds(payin);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ transaction_id: payin, amount: 1000, refunded_amount: 500, refundable_amount: 500, currency: "XOF" });
    expect(list.body.data.refunds).toHaveLength(1);
    expect(list.body.data.refunds[0]).toMatchObject({ transaction_id: data.transaction_id, type: "refund", status: "pending", amount: 500 });

    const tooMuch = await refund(payin, { amount: 600 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual({ status: "error", message: "Refund exceeds the refundable amount", data: { refundable_amount: 500, currency: "XOF" } });

    // No amount: what is left.
    const rest = await refund(payin);
    expect(rest.status).toBe(200);
    expect(rest.body.data.amount).toBe(500);
    const none = await refund(payin);
    expect(none.status).toBe(409);
    expect(none.body.data).toEqual({ refundable_amount: 0, currency: "XOF" });
  });

  it("follows the payout lifecycle: settled by the worker, own webhooks, ledger legs, 2.3 type refund, 2.5 type debit", async () => {
    const payin = await paidPayin();
    const res = await refund(payin, { amount: 1000 });
    const id = res.body.data.transaction_id;
    await settle();
    const read = await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.testApiKey });
    expect(read.body.data).toMatchObject({ transaction_id: id, status: "successful", type: "refund", amount: 1000, fee: 10 });
    const hooks = await statusWebhooks(db(), id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body)).toMatchObject({ transaction_id: id, status: "successful", type: "refund" });
    expect(await ledgerKinds(db(), id)).toEqual(
      ["payout_reserve:available:-101000", "payout_reserve:in_flight:101000", "payout_settle:in_flight:-101000", "payout_settle:network:100000", "payout_settle:fees:1000"].sort(),
    );
    const ref = await app.request(`/api/v1/transactions/${id}`, { key: m.testApiKey });
    expect(ref.status).toBe(200);
    expect(ref.body.data).toMatchObject({ id, type: "debit", status: "success", amount: "100000" });
    // The payin's 2.3 view gains nothing (decline_reason is issue 24's extra field, null here).
    const payinView = await app.request(`/api/v1/merchant/transactions/${payin}`, { key: m.testApiKey });
    expect(Object.keys(payinView.body.data).sort()).toEqual(
      ["amount", "charged_amount", "created_at", "currency", "decline_reason", "fee", "metadata", "order_id", "payment_method", "status", "transaction_id", "type", "updated_at"],
    );
    // Lists: type `refund`, and the filter finds refunds only.
    const listed = await app.request("/api/v1/merchant/transactions?type=refund&limit=100", { key: m.testApiKey });
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(new Set(listed.body.data.map((t: { type: string }) => t.type))).toEqual(new Set(["refund"]));
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });

  it("a failed refund returns amount + fee to the wallet and no longer counts against the payin", async () => {
    const payin = await paidPayin();
    // The sandbox decides by the number (D9): point the settled payin at a failing number.
    const [row] = await db().select().from(transactions).where(eq(transactions.id, payin));
    await db().update(transactions).set({ phoneNumber: row.phoneNumber.slice(0, -4) + "0001" }).where(eq(transactions.id, payin));
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const res = await refund(payin, { amount: 500 });
    expect(res.status).toBe(200);
    await settle();
    const read = await app.request(`/api/v1/merchant/transactions/${res.body.data.transaction_id}`, { key: m.testApiKey });
    expect(read.body.data.status).toBe("failed");
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual(before);
    expect((await refunds(payin)).body.data).toMatchObject({ refunded_amount: 0, refundable_amount: 1000 });
    const hooks = await statusWebhooks(db(), res.body.data.transaction_id);
    expect(hooks.map((h) => JSON.parse(h.body).status)).toEqual(["failed"]);
  });

  it("replays with the same Idempotency-Key and refuses another body with it", async () => {
    const payin = await paidPayin();
    const headers = { "Idempotency-Key": `rf-${payin}` };
    const first = await refund(payin, { amount: 500 }, { headers });
    const again = await refund(payin, { amount: 500 }, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    expect((await refunds(payin)).body.data.refunds).toHaveLength(1);
    const conflict = await refund(payin, { amount: 300 }, { headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe("Idempotency key reused with different parameters");
  });
});

describe("refusals", () => {
  it("409 for a payout, a pending or failed payin, and a refund", async () => {
    const payout = await app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey, json: payoutRequest({ amount: 1000 }) });
    const pending = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ amount: 1000, outcome: "pending" }) });
    const failed = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ amount: 1000, outcome: "failed" }) });
    await settle();
    const payin = await paidPayin();
    const rf = await refund(payin, { amount: 500 });
    for (const id of [payout.body.data.transaction_id, pending.body.data.transaction_id, failed.body.data.transaction_id, rf.body.data.transaction_id]) {
      const res = await refund(id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ status: "error", message: "Transaction cannot be refunded", data: null });
      expect(res.body.detail).toMatch(/^Only (payins|a successful payin) can be refunded; /);
    }
  });

  it("400 with the balance data when the wallet cannot cover amount + fee", async () => {
    const poor = await app.createMerchant();
    const payin = await paidPayin({ key: poor.testApiKey! });
    const res = await refund(payin, {}, { key: poor.testApiKey! });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "error",
      message: "Insufficient balance for payout",
      data: { required_amount: 1010, available_balance: 1000, currency: "XOF" },
    });
    expect((await refunds(payin, poor.testApiKey!)).body.data.refunds).toEqual([]);
  });

  it("400 outside the country limits, 422 for a bad amount or reason", async () => {
    const payin = await paidPayin();
    const small = await refund(payin, { amount: 100 });
    expect(small.status).toBe(400);
    expect(small.body.data).toMatchObject({ amount: 100, min_amount: 500, currency: "XOF" });
    for (const body of [{ amount: -5 }, { amount: 10.001 }, { amount: "ten" }, { reason: "x".repeat(256) }]) {
      const res = await refund(payin, body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
    }
  });

  it("404 for an unknown id, another merchant's payin and a payin of the other mode", async () => {
    const payin = await paidPayin();
    for (const [id, key] of [
      ["pi_nope", m.testApiKey],
      [payin, other.testApiKey],
      [payin, m.liveApiKey],
    ] as const) {
      const res = await refund(id, {}, { key: key! });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
      expect((await refunds(id, key!)).status).toBe(404);
    }
    expect((await refunds(payin)).body.data.refunds).toEqual([]);
  });

  it("live: 503 Network unavailable when the payin's network has no connector any more", async () => {
    const connector: Connector = {
      name: "test-live-refund",
      initiatePayin: async (i) => ({ ...NOTHING_YET, connectorRef: `live-${i.transactionId}`, pendingOutcome: "successful", nextCheckAt: new Date() }),
      initiatePayout: async () => NOTHING_YET,
      finalize: async () => NOTHING_YET,
      pollStatus: async () => NOTHING_YET,
    };
    const undo = registerLiveConnector("CI", "mtn", connector);
    const live = await app.createMerchant({ kycStatus: "approved" });
    let payin: string;
    try {
      payin = await paidPayin({ key: live.liveApiKey! });
    } finally {
      undo();
    }
    await fund(db(), { merchantId: live.merchantId, mode: "live", currency: "XOF", amount: 100 });
    const res = await refund(payin, {}, { key: live.liveApiKey! });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "error", message: "Network unavailable", data: null });
    expect(await walletOf(db(), { merchantId: live.merchantId, mode: "live", currency: "XOF" })).toEqual({ available: 110_000n, inFlight: 0n });
    // The live payin is invisible to the test key.
    expect((await refund(payin, {}, { key: live.testApiKey! })).status).toBe(404);
  });
});

describe("the refundable-amount rule under concurrency", () => {
  const N = 50;
  it(`${N} concurrent partial refunds of one payin never exceed its amount (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, { timeout: 120_000 }, async () => {
    // KES (minimum 10): a payin of 1,000 and 50 refunds of 30 each (1,500 asked).
    const payin = await paidPayin({ country: "KE", network: "safaricom", currency: "KES", amount: 1000 });
    const results = await Promise.all(Array.from({ length: N }, () => refund(payin, { amount: 30 })));
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(33); // 33 x 30 = 990 <= 1,000 < 34 x 30
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe("Refund exceeds the refundable amount");
    }
    const list = (await refunds(payin)).body.data;
    expect(list.refunds).toHaveLength(33);
    expect(list.refunded_amount).toBe(990);
    expect(list.refundable_amount).toBe(10);
    await settle();
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "KES" })).toBe(true);
  });
});
