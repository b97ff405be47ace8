import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { usingPostgres } from "../helpers/test-db";
import { fund, ledgerTotal, payoutRequest, walletMatchesLedger, walletOf } from "../helpers/payments";
import { transactions } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";

/**
 * Concurrent payouts against a wallet that covers exactly some of them: the wallet's
 * CHECK constraint decides, so exactly that many are accepted and it never goes below
 * zero. On PostgreSQL (TEST_DATABASE_URL) 500 requests at once for 137 covered; on
 * PGlite (one connection, so transactions queue) a smaller run of the same test.
 */
const TOTAL = usingPostgres() ? 500 : 60;
const COVERED = usingPostgres() ? 137 : 17;
const CHARGED = 1010; // 1000 XOF + 1 % fee

let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  m = await app.createMerchant();
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: COVERED * CHARGED });
  // Warm the API key cache so the race is about the wallet, not about authentication.
  await app.request("/api/v1/merchant/balances", { key: m.testApiKey });
});
afterAll(() => app.close());

describe(`${TOTAL} concurrent payouts, ${COVERED} covered`, () => {
  it(`accepts exactly ${COVERED} and refuses the rest with the balance data`, { timeout: 120_000 }, async () => {
    const results = await Promise.all(
      Array.from({ length: TOTAL }, (_, i) =>
        app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey, json: payoutRequest({ amount: 1000, order_id: `race-${i}` }) }),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(COVERED);
    expect(refused).toHaveLength(TOTAL - COVERED);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        status: "error",
        message: "Insufficient balance for payout",
        data: { required_amount: CHARGED, available_balance: 0, currency: "XOF" },
      });
    }
    expect(new Set(accepted.map((r) => r.body.data.transaction_id)).size).toBe(COVERED);

    const [{ n }] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, m.merchantId));
    expect(n).toBe(COVERED);
    expect(await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toEqual({
      available: 0n,
      inFlight: BigInt(COVERED * CHARGED * 100),
    });
    expect(await ledgerTotal(app.database.db)).toBe(0n);

    // Settled by the worker: the money has left, nothing is in flight, the ledger still sums to zero.
    while ((await runWorkerBatch(app.database.db)).lifecycle > 0);
    expect(await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: 0n, inFlight: 0n });
    expect(await ledgerTotal(app.database.db)).toBe(0n);
    expect(await walletMatchesLedger(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });
});
