import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payoutRequest, walletMatchesLedger, walletOf } from "../helpers/payments";
import { transactions } from "@/server/db/schema";
import { checkLedger } from "@/server/ledger/invariants";
import { figure, makeAgent, request } from "./lib/client";
import { startProductionServer, type ProductionServer } from "./lib/production-entry";

/**
 * 2,000 payouts in flight at once against one wallet that covers exactly N of them:
 * exactly N accepted (each with its own transaction), every other one refused with the
 * 400 of interface section 7, the wallet at exactly 0, and the ledger balanced. The race
 * runs against `npm start`'s server (a child process on the test's database), its request
 * deadline raised: what is tested is who wins the balance, not how fast 2,000 requests
 * clear 2 busy cores.
 */
const TOTAL = 2000;
const COVERED = 733;

let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;
let charged: number;
let server: ProductionServer;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 40 });
  m = await app.createMerchant();
  const quote = await app.request("/api/v1/merchant/fees?type=payout&country_code=CI&network=mtn&currency=XOF&amount=1000", { key: m.testApiKey });
  expect(quote.status).toBe(200);
  charged = quote.body.data.charged_amount;
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: COVERED * charged });
  server = await startProductionServer(app.database.url!, { DB_POOL_MAX: "40", WORKER_ENABLED: "0", REQUEST_DEADLINE_MS: "60000" });
});
afterAll(async () => {
  await server?.stop();
  await app?.close();
});

describe(`${TOTAL.toLocaleString("en-US")} concurrent payouts racing for a balance that covers ${COVERED}`, () => {
  it("accepts exactly the covered ones, leaves 0, and the ledger sums to zero", async () => {
    const agent = makeAgent(TOTAL);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: TOTAL }, (_, i) =>
        request(server.baseUrl, "/api/v1/merchant/payout", { key: m.testApiKey, json: payoutRequest({ amount: 1000, order_id: `race-${i}` }), agent }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    const failedRequests = results.filter((r) => !r.ok);
    expect(failedRequests).toEqual([]);
    const responses = results.flatMap((r) => (r.ok ? [r.res] : []));
    const accepted = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(COVERED);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        status: "error",
        message: "Insufficient balance for payout",
        data: { required_amount: charged, available_balance: 0, currency: "XOF" },
      });
    }
    const ids = new Set(accepted.map((r) => r.body.data.transaction_id as string));
    expect(ids.size).toBe(COVERED);

    const db = app.database.db;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.merchantId, m.merchantId), eq(transactions.type, "payout")));
    expect(n).toBe(COVERED);
    const wallet = await walletOf(db, { merchantId: m.merchantId, currency: "XOF" });
    expect(wallet.available).toBe(0n);
    expect(wallet.inFlight).toBe(BigInt(Math.round(COVERED * charged * 100)));
    expect(await walletMatchesLedger(db, { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
    const ledger = await checkLedger(db);
    expect(ledger).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });

    figure("payout race", {
      requests: TOTAL,
      covered: COVERED,
      accepted: accepted.length,
      refused400: refused.length,
      balance: Number(wallet.available),
      ledgerTotal: Number(ledger.total),
      seconds,
      perSecond: TOTAL / seconds,
    });
  });
});
