import { checkLedger } from "@/server/ledger/invariants";
import { authHeaders, sleep, type BenchContext, type ScenarioRow, type Under } from "../lib/context";
import { load } from "../lib/load";
import { benchMerchant } from "../lib/setup";

/**
 * Payouts against ONE merchant wallet (the hot row): every request debits the same
 * wallet. Phase 1 measures throughput on a wallet that covers everything; phase 2
 * fires 3×N payouts at a wallet that covers exactly N and checks exactly N were
 * accepted. After both: no overdraft, and the ledger balances (checkLedger).
 */
const AMOUNT = 10; // KES
const body = (orderId: string) =>
  JSON.stringify({
    amount: AMOUNT,
    currency: "KES",
    payment_method: "mobile_money",
    order_id: orderId,
    metadata: { network: "safaricom", phone_number: "+254712341234", country_code: "KE", beneficiary: "Bench Recipient" },
  });

async function walletState(ctx: BenchContext, walletId: string) {
  const [w] = await ctx.db.sql<{ available: string; in_flight: string }[]>`select available::text, in_flight::text from wallets where id = ${walletId}`;
  return { available: BigInt(w.available), inFlight: BigInt(w.in_flight) };
}

export async function runPayout(ctx: BenchContext, under: Under): Promise<ScenarioRow> {
  const { server } = under;
  const { connections, warmup, duration } = ctx.opts;
  const funded = 10n ** 13n;
  const m = await benchMerchant(ctx.db, { tag: `payout-hot-${under.id}`, fund: { currency: "KES", amount: funded } });
  const opts = { url: `${server.url}/api/v1/merchant/payout`, method: "POST", headers: authHeaders(m.testApiKey, true), body: body("bench-payout"), connections };
  await load({ ...opts, duration: warmup });
  const measured = await load({ ...opts, duration }, server.child.pid);

  // Requests autocannon gave up on at the end may still commit: let them land, then read
  // the wallet and the payouts in ONE statement (one snapshot).
  await sleep(1000);
  const [snap] = await ctx.db.sql<{ available: string; in_flight: string; n: string; charged: string }[]>`
    select w.available::text, w.in_flight::text,
           (select count(*) from transactions where merchant_id = ${m.merchantId} and type = 'payout')::text as n,
           (select coalesce(sum(charged_amount), 0) from transactions where merchant_id = ${m.merchantId} and type = 'payout')::text as charged
      from wallets w where w.id = ${m.walletId!}`;
  const w = { available: BigInt(snap.available), inFlight: BigInt(snap.in_flight) };
  const sums = { n: snap.n, charged: snap.charged };

  // Phase 2: a wallet covering exactly N payouts, 3×N requests racing for it.
  const quote = await fetch(`${server.url}/api/v1/merchant/fees?type=payout&country_code=KE&network=safaricom&currency=KES&amount=${AMOUNT}`, {
    headers: authHeaders(m.testApiKey),
  }).then((r) => r.json() as Promise<{ data: { charged_amount: number } }>);
  const chargedMinor = BigInt(Math.round(quote.data.charged_amount * 100));
  const covered = 2000;
  const tight = await benchMerchant(ctx.db, { tag: `payout-exact-${under.id}`, fund: { currency: "KES", amount: chargedMinor * BigInt(covered) } });
  const race = await load({
    url: `${server.url}/api/v1/merchant/payout`,
    method: "POST",
    headers: authHeaders(tight.testApiKey, true),
    body: body("bench-payout-exact"),
    connections,
    amount: covered * 3,
  });
  const tw = await walletState(ctx, tight.walletId!);
  const ledger = await checkLedger(ctx.db.handle.db);
  const accepted = race.requests - race.non2xx;

  return {
    id: `payout-hot-wallet-${under.id}`,
    title: `payouts on ONE wallet (${under.label})`,
    server: "lean",
    connections,
    load: measured,
    target: { rps: 5000 },
    ceilings: ["bare", "pgPayoutHot"],
    checks: {
      noOverdraft: w.available >= 0n && tw.available >= 0n,
      walletConserved: w.available + w.inFlight === funded,
      inFlightEqualsPayouts: w.inFlight === BigInt(sums.charged),
      exactRace: `${accepted} of ${covered * 3} accepted on a wallet covering ${covered}`,
      exactRaceOk: accepted === covered && tw.available === 0n,
      ledger: {
        total: ledger.total.toString(),
        unbalancedTransfers: ledger.unbalancedTransfers,
        walletMismatches: ledger.walletMismatches,
        negativeWallets: ledger.negativeWallets,
      },
      ledgerBalanced: ledger.total === 0n && ledger.unbalancedTransfers === 0 && ledger.walletMismatches === 0 && ledger.negativeWallets === 0,
    },
    figures: { payoutsCreated: Number(sums.n), raceP99Ms: race.p99, raceRps: race.rps },
  };
}
