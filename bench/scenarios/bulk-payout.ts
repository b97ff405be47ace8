import { checkLedger } from "@/server/ledger/invariants";
import { authHeaders, type BenchContext, type ScenarioRow, type Under } from "../lib/context";
import { benchMerchant } from "../lib/setup";

/**
 * Bulk payouts (D16): 1,000-item batches, one request at a time, against ONE wallet that
 * covers them all. Measured: each request's wall-clock time from send to the complete
 * 200 answer (target < 2 s). After: every item accepted, the wallet's in_flight equals the
 * sum of the batches' charged amounts, no overdraft, and the ledger balances.
 */
const ITEMS = 1000;
const AMOUNT = 10; // KES

function batchBody(run: number, items: number): string {
  return JSON.stringify({
    payouts: Array.from({ length: items }, (_, i) => ({
      amount: AMOUNT,
      currency: "KES",
      payment_method: "mobile_money",
      order_id: `bench-bulk-${run}-${i}`,
      metadata: { network: "safaricom", phone_number: "+254712341234", country_code: "KE", beneficiary: "Bench Recipient" },
    })),
  });
}

export async function runBulkPayout(ctx: BenchContext, under: Under, fullRuns = 10): Promise<ScenarioRow> {
  // The smoke run checks the path, not the 1,000-item figure: small batches, two of them.
  const items = ctx.opts.smoke ? 100 : ITEMS;
  const runs = ctx.opts.smoke ? 2 : fullRuns;
  const funded = 10n ** 13n;
  const m = await benchMerchant(ctx.db, { tag: `bulk-${under.id}`, fund: { currency: "KES", amount: funded } });
  const url = `${under.server.url}/api/v1/merchant/payouts/bulk`;
  const timings: number[] = [];
  let accepted = 0;
  // One warm-up batch (JIT, prepared statements), not counted.
  for (let run = -1; run < runs; run++) {
    const body = batchBody(run, items);
    const started = performance.now();
    const res = await fetch(url, { method: "POST", headers: authHeaders(m.testApiKey, true), body });
    const json = (await res.json()) as { data: { accepted: number } };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`bulk payout answered ${res.status}`);
    if (run >= 0) {
      timings.push(ms);
      accepted += json.data.accepted;
    }
  }
  const [w] = await ctx.db.sql<{ available: string; in_flight: string; charged: string }[]>`
    select w.available::text, w.in_flight::text,
           (select coalesce(sum(charged_amount), 0) from transactions where merchant_id = ${m.merchantId})::text as charged
      from wallets w where w.id = ${m.walletId!}`;
  const ledger = await checkLedger(ctx.db.handle.db);
  const sorted = [...timings].sort((a, b) => a - b);
  const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
  return {
    id: `bulk-payout-1000-${under.id}`,
    title: `bulk payout, ${items} items per request (${under.label})`,
    server: "lean",
    connections: 1,
    checks: {
      allAccepted: accepted === items * runs,
      noOverdraft: BigInt(w.available) >= 0n,
      inFlightEqualsPayouts: BigInt(w.in_flight) === BigInt(w.charged),
      walletConserved: BigInt(w.available) + BigInt(w.in_flight) === funded,
      ledger: { ...ledger, total: ledger.total.toString() },
      under2s: sorted[sorted.length - 1] < 2000,
    },
    figures: { batches: runs, items: items, p50Ms: pct(50), maxMs: Math.round(sorted[sorted.length - 1]), minMs: Math.round(sorted[0]), payoutsPerSecond: Math.round((items * 1000) / pct(50)) },
  };
}
