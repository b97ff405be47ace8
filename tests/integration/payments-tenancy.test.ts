import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest, walletOf } from "../helpers/payments";
import { transactions } from "@/server/db/schema";
import { registerLiveConnector } from "@/server/connectors/registry";
import { NOTHING_YET, type Connector } from "@/server/connectors/types";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { setKycStatus } from "@/server/merchants/kyc-status";

/** D4 isolation on every endpoint; live mode: KYC, balance, network availability (D5 order, D9). */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let a: M;
let b: M;
let aPayin: string;
let aPayout: string;

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createMerchant();
  b = await app.createMerchant();
  await fund(app.database.db, { merchantId: a.merchantId, currency: "XOF", amount: 10_000 });
  aPayin = (await app.request("/api/v1/merchant/payin", { method: "POST", key: a.testApiKey, json: payinRequest({ country: "GM", network: "qmoney", amount: 100, order_id: "a-order" }) })).body.data
    .transaction_id;
  aPayout = (await app.request("/api/v1/merchant/payout", { method: "POST", key: a.testApiKey, json: payoutRequest({ order_id: "a-payout" }) })).body.data.transaction_id;
});
afterAll(() => app.close());

const rows = async (merchantId: string) =>
  (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, merchantId)))[0].n;

function expectNotFound(res: { status: number; body: unknown }) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
}

describe("tenancy and mode isolation", () => {
  it("hides a merchant's transactions from another merchant on every endpoint", async () => {
    for (const id of [aPayin, aPayout]) {
      expectNotFound(await app.request(`/api/v1/merchant/transactions/${id}`, { key: b.testApiKey }));
      expectNotFound(await app.request(`/api/v1/transactions/${id}`, { key: b.testApiKey }));
      expectNotFound(await app.request(`/api/v1/merchant/transactions/${id}/finalize`, { method: "POST", key: b.testApiKey, json: { otp: "1234" } }));
    }
    expectNotFound(await app.request(`/api/v1/transactions/a-order`, { key: b.testApiKey }));
    expect((await app.request("/api/v1/merchant/transactions", { key: b.testApiKey })).body).toMatchObject({ data: [], next_cursor: null });
    expect((await app.request("/api/v1/merchant/transactions?q=a-order", { key: b.testApiKey })).body.data).toEqual([]);
    expect((await app.request("/api/v1/merchant/balances", { key: b.testApiKey })).body.data).toEqual([]);
  });

  it("hides test transactions from the same merchant's live key", async () => {
    for (const id of [aPayin, aPayout]) {
      expectNotFound(await app.request(`/api/v1/merchant/transactions/${id}`, { key: a.liveApiKey }));
      expectNotFound(await app.request(`/api/v1/transactions/${id}`, { key: a.liveApiKey }));
      expectNotFound(await app.request(`/api/v1/merchant/transactions/${id}/finalize`, { method: "POST", key: a.liveApiKey, json: { otp: "1234" } }));
    }
    expect((await app.request("/api/v1/merchant/transactions", { key: a.liveApiKey })).body.data).toEqual([]);
    expect((await app.request("/api/v1/merchant/balances", { key: a.liveApiKey })).body.data).toEqual([]);
    // ... and the owner's test key still sees them
    expect((await app.request(`/api/v1/merchant/transactions/${aPayin}`, { key: a.testApiKey })).status).toBe(200);
  });
});

describe("live mode", () => {
  it("answers 503 Network unavailable for a payin and writes nothing", async () => {
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: a.liveApiKey, json: payinRequest() });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "error", message: "Network unavailable", data: null });
    const net = await app.request("/api/v1/networks?country_code=CI", { key: a.liveApiKey });
    expect(net.body.data[0].networks.every((n: { available: boolean }) => !n.available)).toBe(true);
  });

  it("checks limits, then KYC, then balance, then the network (D5)", async () => {
    const m = await app.createMerchant({ kycStatus: "pending" });
    const live = (json: unknown) => app.request("/api/v1/merchant/payout", { method: "POST", key: m.liveApiKey, json });
    expect((await live(payoutRequest({ amount: 100 }))).status).toBe(400); // limits first
    const kyc = await live(payoutRequest({ amount: 1000 }));
    expect(kyc.status).toBe(403);
    expect(kyc.body).toEqual({ status: "error", message: "KYC approval required for live payouts", data: null });

    await setKycStatus(app.database.db, { merchantId: m.merchantId, status: "approved" });
    const poor = await live(payoutRequest({ amount: 1000 }));
    expect(poor.status).toBe(400);
    expect(poor.body).toEqual({
      status: "error",
      message: "Insufficient balance for payout",
      data: { required_amount: 1010, available_balance: 0, currency: "XOF" },
    });

    await fund(app.database.db, { merchantId: m.merchantId, mode: "live", currency: "XOF", amount: 5000 });
    const res = await live(payoutRequest({ amount: 1000 }));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Network unavailable");
    // The wallet's id is known now (payouts then go straight to their batch): one it
    // cannot cover is still refused for the balance before the network's 503.
    const short = await live(payoutRequest({ amount: 9000 }));
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual({ required_amount: 9090, available_balance: 5000, currency: "XOF" });
    expect(await walletOf(app.database.db, { merchantId: m.merchantId, mode: "live", currency: "XOF" })).toEqual({ available: 500_000n, inFlight: 0n });
    expect(await rows(m.merchantId)).toBe(0);
  });

  it("refuses a test payout the wallet cannot cover with the data of section 7", async () => {
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key: a.testApiKey, json: payoutRequest({ amount: 9000 }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "error",
      message: "Insufficient balance for payout",
      data: { required_amount: 9090, available_balance: 8990, currency: "XOF" },
    });
  });

  it("uses a configured live connector, never the sandbox's outcomes", async () => {
    let polls = 0;
    const connector: Connector = {
      name: "test-live",
      initiatePayin: async (i) => ({ ...NOTHING_YET, connectorRef: `live-${i.transactionId}`, nextCheckAt: new Date() }),
      initiatePayout: async (i) => ({ ...NOTHING_YET, connectorRef: `live-${i.transactionId}`, nextCheckAt: new Date() }),
      finalize: async () => NOTHING_YET,
      pollStatus: async () => (++polls === 1 ? { ...NOTHING_YET, nextCheckAt: new Date() } : { ...NOTHING_YET, pendingOutcome: "successful" }),
    };
    const undo = registerLiveConnector("CI", "mtn", connector);
    try {
      const m = await app.createMerchant({ kycStatus: "approved" });
      await fund(app.database.db, { merchantId: m.merchantId, mode: "live", currency: "XOF", amount: 2000 });
      // A sandbox "failed" number means nothing in live mode.
      const res = await app.request("/api/v1/merchant/payout", { method: "POST", key: m.liveApiKey, json: payoutRequest({ amount: 1000, outcome: "failed" }) });
      expect(res.status).toBe(200);
      const id = res.body.data.transaction_id;
      await runWorkerBatch(app.database.db); // first poll: no answer yet, look again soon
      expect(polls).toBe(1);
      expect((await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.liveApiKey })).body.data.status).toBe("pending");
      await new Promise((r) => setTimeout(r, 5));
      await runWorkerBatch(app.database.db);
      expect(polls).toBe(2);
      const read = await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.liveApiKey });
      expect(read.body.data.status).toBe("successful");
      expect(await walletOf(app.database.db, { merchantId: m.merchantId, mode: "live", currency: "XOF" })).toEqual({ available: 99_000n, inFlight: 0n });
      // The live transaction is invisible to the test key.
      expectNotFound(await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.testApiKey }));
      expectNotFound(await app.request(`/api/v1/transactions/${id}`, { key: m.testApiKey }));
      expect((await app.request("/api/v1/merchant/transactions", { key: m.testApiKey })).body.data).toEqual([]);
      // Other networks stay unavailable.
      const other = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.liveApiKey, json: payinRequest({ network: "moov" }) });
      expect(other.status).toBe(503);
    } finally {
      undo();
    }
  });
});
