import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, ledgerKinds, ledgerTotal, payinRequest, payoutRequest, statusWebhooks, timeline, walletMatchesLedger, walletOf } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { resetEnvCache } from "@/server/env";
import { transactions } from "@/server/db/schema";

/**
 * D9 end to end: create -> worker batch -> the status endpoint shows the final state,
 * the balances and the ledger are right, and every status change wrote exactly one
 * webhook event. SANDBOX_DELAY_MS is 0 in tests; expiry times are set to 1 s here.
 */
let app: TestApp;
let key: string;
let merchantId: string;

beforeAll(async () => {
  process.env.PAYIN_EXPIRY_SECONDS = "1";
  process.env.PAYOUT_TIMEOUT_SECONDS = "1";
  resetEnvCache();
  app = await startTestApp();
  const m = await app.createMerchant();
  key = m.testApiKey!;
  merchantId = m.merchantId;
  await fund(app.database.db, { merchantId, currency: "XOF", amount: 100_000 });
});
afterAll(async () => {
  await app.close();
  delete process.env.PAYIN_EXPIRY_SECONDS;
  delete process.env.PAYOUT_TIMEOUT_SECONDS;
  resetEnvCache();
});

const db = () => app.database.db;
const status = async (id: string) => (await app.request(`/api/v1/merchant/transactions/${id}`, { key })).body.data;
const xof = () => walletOf(db(), { merchantId, currency: "XOF" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("payins in the sandbox", () => {
  it.each([
    ["successful", "successful", ["payin_settle:available:100000", "payin_settle:fees:1500", "payin_settle:network:-101500"]],
    ["failed", "failed", []],
    ["cancelled", "cancelled", []],
  ] as const)("a payin to a %s number ends %s", async (outcome, final, legs) => {
    const before = await xof();
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ amount: 1000, outcome }) });
    expect(res.status).toBe(200);
    const id = res.body.data.transaction_id;
    expect(res.body.data).toMatchObject({ status: "pending", amount: 1000, fee: 15, charged_amount: 1015 });
    expect(await statusWebhooks(db(), id)).toHaveLength(0);

    await runWorkerBatch(db());
    const after = await status(id);
    expect(after.status).toBe(final);
    expect(after.type).toBe("cashin");
    expect(await ledgerKinds(db(), id)).toEqual([...legs].sort());
    const credited = final === "successful" ? 100_000n : 0n;
    expect((await xof()).available).toBe(before.available + credited);
    const hooks = await statusWebhooks(db(), id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body)).toMatchObject({ transaction_id: id, status: final, type: "cashin" });
    expect(await timeline(db(), id)).toEqual(["->pending", `pending>${final}`]);

    // Terminal: later batches change nothing and write no further event.
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe(final);
    expect(await statusWebhooks(db(), id)).toHaveLength(1);
  });

  it("a payin to a 0003 number stays pending, then is cancelled when it expires", async () => {
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ outcome: "pending" }) });
    const id = res.body.data.transaction_id;
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe("pending");
    expect(await statusWebhooks(db(), id)).toHaveLength(0);
    await sleep(1100);
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe("cancelled");
    expect(await statusWebhooks(db(), id)).toHaveLength(1);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(row.failureReason).toBe("Payment was not authorized in time");
  });
});

describe("payouts in the sandbox", () => {
  it("reserves charged_amount at creation and settles it on success", async () => {
    const before = await xof();
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 1000 }) });
    expect(res.status).toBe(200);
    const id = res.body.data.transaction_id;
    expect(res.body.data).toMatchObject({ amount: 1000, fee: 10, charged_amount: 1010, status: "pending" });
    expect(await xof()).toEqual({ available: before.available - 101_000n, inFlight: before.inFlight + 101_000n });

    await runWorkerBatch(db());
    expect(await status(id)).toMatchObject({ status: "successful", type: "cashout" });
    expect(await xof()).toEqual({ available: before.available - 101_000n, inFlight: before.inFlight });
    expect(await ledgerKinds(db(), id)).toEqual(
      [
        "payout_reserve:available:-101000",
        "payout_reserve:in_flight:101000",
        "payout_settle:in_flight:-101000",
        "payout_settle:network:100000",
        "payout_settle:fees:1000",
      ].sort(),
    );
    expect(await statusWebhooks(db(), id)).toHaveLength(1);
  });

  it.each([
    ["failed", "Recipient account not found"],
    ["cancelled", "Payout cancelled by the network"],
  ] as const)("a %s payout returns amount and fee to the wallet", async (outcome, reason) => {
    const before = await xof();
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 2000, outcome }) });
    const id = res.body.data.transaction_id;
    expect((await xof()).available).toBe(before.available - 202_000n);
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe(outcome);
    expect(await xof()).toEqual(before);
    expect(await ledgerKinds(db(), id)).toEqual(
      [
        "payout_reserve:available:-202000",
        "payout_reserve:in_flight:202000",
        "payout_release:in_flight:-202000",
        "payout_release:available:202000",
      ].sort(),
    );
    const balances = await app.request("/api/v1/merchant/balances", { key });
    expect(balances.body.data).toContainEqual({ currency: "XOF", available_balance: Number(before.available) / 100, pending_balance: 0 });
    expect(await statusWebhooks(db(), id)).toHaveLength(1);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(row.failureReason).toBe(reason);
  });

  it("a payout to a 0003 number stays in flight, then fails at PAYOUT_TIMEOUT_SECONDS and is refunded", async () => {
    const before = await xof();
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 500, outcome: "pending" }) });
    const id = res.body.data.transaction_id;
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe("pending");
    const balances = await app.request("/api/v1/merchant/balances", { key });
    expect(balances.body.data).toContainEqual({ currency: "XOF", available_balance: Number(before.available - 50_500n) / 100, pending_balance: 505 });
    await sleep(1100);
    await runWorkerBatch(db());
    expect((await status(id)).status).toBe("failed");
    expect(await xof()).toEqual(before);
    expect(await statusWebhooks(db(), id)).toHaveLength(1);
    expect(await timeline(db(), id)).toEqual(["->pending", "pending>failed"]);
  });

  it("keeps the ledger balanced and the wallets equal to their ledger legs", async () => {
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId, currency: "XOF" })).toBe(true);
  });
});

describe("several workers at once", () => {
  it("apply each outcome exactly once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const body = i % 2 ? payinRequest({ amount: 1000 + i * 5 }) : payoutRequest({ amount: 500, outcome: i % 4 ? "failed" : "successful" });
      const res = await app.request(`/api/v1/merchant/${i % 2 ? "payin" : "payout"}`, { method: "POST", key, json: body });
      ids.push(res.body.data.transaction_id);
    }
    await Promise.all([runWorkerBatch(db()), runWorkerBatch(db()), runWorkerBatch(db()), runWorkerBatch(db())]);
    for (const id of ids) {
      expect((await status(id)).status).not.toBe("pending");
      expect(await statusWebhooks(db(), id)).toHaveLength(1);
      expect(await timeline(db(), id)).toHaveLength(2);
    }
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId, currency: "XOF" })).toBe(true);
  });
});
