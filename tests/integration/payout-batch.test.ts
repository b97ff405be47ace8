import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payoutRequest, walletMatchesLedger, walletOf } from "../helpers/payments";
import { idempotencyKeys, transactions } from "@/server/db/schema";
import { checkLedger } from "@/server/ledger/invariants";
import { findWallet, lookAtWallet, walletLookStats } from "@/server/ledger/wallets";
import { newId } from "@/server/ids";
import { payoutCreatedView } from "@/server/payments/api-views";
import { idempotencyScope } from "@/server/payments/idempotency";
import { reservePayoutBatched } from "@/server/payments/payout-batch";

/**
 * Payouts of one wallet are reserved in batches (server/payments/payout-batch.ts). What
 * a batch must keep from one-at-a-time: arrival order decides who fits, each refusal is
 * its own 400 with a balance below what it needed, Idempotency-Key duplicates inside one
 * batch create once and replay (or 409), and the ledger balances.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
});
afterAll(() => app.close());

const post = (key: string, json: unknown, headers: Record<string, string> = {}) =>
  app.request("/api/v1/merchant/payout", { method: "POST", key, json, headers });

describe("payouts reserved in batches", () => {
  it("keeps mixed amounts consistent: what was accepted fits, every refusal saw too little", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 50_000 });
    const amounts = Array.from({ length: 60 }, (_, i) => 500 + (i % 7) * 500); // 500 .. 3500 XOF
    const results = await Promise.all(amounts.map((amount, i) => post(m.testApiKey!, payoutRequest({ amount, order_id: `mixed-${i}` }))));
    let acceptedCharged = 0;
    for (const r of results) {
      if (r.status === 200) acceptedCharged += r.body.data.charged_amount;
      else {
        expect(r.status).toBe(400);
        expect(r.body.message).toBe("Insufficient balance for payout");
        expect(r.body.data.available_balance).toBeLessThan(r.body.data.required_amount);
      }
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(results.some((r) => r.status === 400)).toBe(true);
    const w = await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" });
    expect(Number(w.available) / 100).toBe(50_000 - acceptedCharged);
    expect(Number(w.inFlight) / 100).toBe(acceptedCharged);
    expect(await walletMatchesLedger(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
    expect(await checkLedger(app.database.db)).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it("creates once for one Idempotency-Key sent 20 times at once, and replays it to the others", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
    const body = payoutRequest({ amount: 1000, order_id: "same-key" });
    const results = await Promise.all(Array.from({ length: 20 }, () => post(m.testApiKey!, body, { "idempotency-key": "batch-dup-1" })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0].body);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    const [{ n }] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.merchantId, m.merchantId), eq(transactions.type, "payout")));
    expect(n).toBe(1);
    const w = await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" });
    expect(Number(w.inFlight) / 100).toBe(results[0].body.data.charged_amount);
  });

  it("answers 409 to the same key with another body in the same moment, and stores one record", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(m.testApiKey!, payoutRequest({ amount: 1000 + i * 5, order_id: "clash" }), { "idempotency-key": "batch-clash" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ status: "error", message: "Idempotency key reused with different parameters", data: null });
    }
    const keys = await app.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.merchantId, m.merchantId));
    expect(keys).toHaveLength(1);
    const accepted = results.find((r) => r.status === 200)!;
    expect(keys[0].responseBody).toEqual(accepted.body.data);
  });

  it("does not let a refused payout hold its key: the same key succeeds once the wallet is funded", async () => {
    const m = await app.createMerchant();
    const body = payoutRequest({ amount: 1000, order_id: "later" });
    const refused = await Promise.all(Array.from({ length: 3 }, () => post(m.testApiKey!, body, { "idempotency-key": "batch-later" })));
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const ok = await post(m.testApiKey!, body, { "idempotency-key": "batch-later" });
    expect(ok.status).toBe(200);
  });

  it("rolls back a batch written at once when its key was recorded meanwhile, then replays it", async () => {
    // A key stored after the request's own replay check (another process, say): the batch's
    // one write statement skips the key, everything it wrote is rolled back, and the look
    // finds the key taken. The payout is not created a second time, the wallet does not move.
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const body = payoutRequest({ amount: 1000, order_id: "raced" });
    const first = await post(m.testApiKey!, body, { "idempotency-key": "batch-raced" });
    expect(first.status).toBe(200);
    const [stored] = await app.database.db.select().from(transactions).where(eq(transactions.id, first.body.data.transaction_id));
    const before = await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" });
    const idem = idempotencyScope({ merchantId: m.merchantId, mode: "test", scope: "payout", key: "batch-raced", request: body })!;
    const id = newId("payout");
    const wallet = (await findWallet(app.database.db, { merchantId: m.merchantId, mode: "test", currency: "XOF" }))!;
    const outcome = await reservePayoutBatched(app.database.db, wallet.id, { values: { ...stored, id }, idem, responseOf: payoutCreatedView });
    expect(outcome).toEqual({ kind: "idempotent" });
    expect(await app.database.db.select().from(transactions).where(eq(transactions.id, id))).toHaveLength(0);
    const after = await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" });
    expect([after.available, after.inFlight]).toEqual([before.available, before.inFlight]);
    expect(await checkLedger(app.database.db)).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it("shares one wallet SELECT among the looks that arrive together, and a look after a top-up sees it", async () => {
    const m = await app.createMerchant();
    const key = { merchantId: m.merchantId, mode: "test" as const, currency: "xof" };
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 1_000 });
    const before = walletLookStats();
    const seen = await Promise.all(Array.from({ length: 40 }, () => lookAtWallet(app.database.db, key)));
    const after = walletLookStats();
    expect(after.looks - before.looks).toBe(40);
    // The first goes at once, the 39 that came while it ran share the next one.
    expect(after.selects - before.selects).toBeLessThanOrEqual(2);
    expect(new Set(seen.map((w) => w?.available))).toEqual(new Set([100_000n]));
    // A look asked after a top-up committed is never answered by a SELECT sent before it.
    const running = lookAtWallet(app.database.db, key);
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 500 });
    const fresh = await lookAtWallet(app.database.db, key);
    expect(fresh?.available).toBe(150_000n);
    expect((await running)?.available).toBeGreaterThanOrEqual(100_000n);
    // Payouts through the API still refuse with the balance as it stood.
    const refused = await post(m.testApiKey!, payoutRequest({ amount: 5_000, order_id: "look-too-much" }));
    expect(refused.status).toBe(400);
    expect(refused.body.data.available_balance).toBe(1_500);
  });

  it("goes straight to the batch once the wallet is known, and looks again when that wallet was deleted", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const before = walletLookStats();
    expect((await post(m.testApiKey!, payoutRequest({ amount: 1000, order_id: "known-1" }))).status).toBe(200);
    expect((await post(m.testApiKey!, payoutRequest({ amount: 1000, order_id: "known-2" }))).status).toBe(200);
    // The first looked; the second's wallet id was known, its batch decided.
    expect(walletLookStats().looks - before.looks).toBe(1);
    const refused = await post(m.testApiKey!, payoutRequest({ amount: 9000, order_id: "known-short" }));
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ currency: "XOF", available_balance: 10_000 - 2 * (await charged(m.testApiKey!, 1000)) });
    // A test-mode reset deletes the wallet; the id this process knew is gone.
    expect((await app.request("/api/v1/test/reset", { method: "POST", key: m.testApiKey! })).status).toBe(200);
    const empty = await post(m.testApiKey!, payoutRequest({ amount: 1000, order_id: "after-reset-empty" }));
    expect(empty.status).toBe(400);
    expect(empty.body.data.available_balance).toBe(0);
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 5_000 });
    const again = await post(m.testApiKey!, payoutRequest({ amount: 1000, order_id: "after-reset-funded" }));
    expect(again.status).toBe(200);
    const wallet = await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" });
    expect(wallet.available + wallet.inFlight).toBe(500_000n);
    expect(wallet.inFlight).toBe(BigInt((await charged(m.testApiKey!, 1000)) * 100));
    expect(await walletMatchesLedger(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });
});

/** What a payout of `amount` XOF takes from the wallet (amount and fee, the sandbox schedule), in whole units. */
async function charged(key: string, amount: number): Promise<number> {
  const quote = await app.request(`/api/v1/merchant/fees?type=payout&country_code=CI&network=mtn&currency=XOF&amount=${amount}`, { key });
  return quote.body.data.charged_amount;
}
