import path from "node:path";
import { authHeaders, sleep, type BenchContext, type ScenarioRow } from "../lib/context";
import { load } from "../lib/load";
import { ROOT, startLean } from "../lib/proc";
import { benchMerchant } from "../lib/setup";

/**
 * Does the in-process worker keep pace with the API (issue 16)? The lean entry with
 * SANDBOX_DELAY_MS=300 (outcomes due 300 ms after creation) and its worker loops:
 *  1. the maximum payin rate of this server, measured (closed loop, the worker running);
 *  2. payins at WORKER_LAG_FRACTION (0.5) of that rate, open loop, for --duration s;
 *  3. creation -> outcome (the transaction's first status change) per payin, p50/p99,
 *     once every payin has its outcome. Target: sandbox delay + 2 s at p99.
 * Half the payins succeed (one wallet credited: the hot-row case), half fail.
 */
const SANDBOX_DELAY_MS = 300;
const FRACTION = Number(process.env.WORKER_LAG_FRACTION ?? 0.5);

const body = (i: number) =>
  JSON.stringify({
    amount: 1000,
    currency: "KES",
    order_id: `bench-lag-${i}`,
    metadata: { network: "safaricom", phone_number: i % 2 ? "+254712340001" : "+254712341234", country_code: "KE" },
  });

export async function runWorkerLag(ctx: BenchContext, port: number): Promise<ScenarioRow> {
  const m = await benchMerchant(ctx.db, { tag: "worker-lag" });
  const server = await startLean({
    port,
    databaseUrl: ctx.db.url,
    workers: ctx.opts.workers,
    tag: "worker-lag",
    env: {
      SANDBOX_DELAY_MS: String(SANDBOX_DELAY_MS),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      DB_POOL_MAX: process.env.DB_POOL_MAX ?? "4",
      ...(process.env.WORKER_INTERVAL_MS ? { WORKER_INTERVAL_MS: process.env.WORKER_INTERVAL_MS } : {}),
    },
    nodeArgs: ctx.opts.cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench", "profiles")}`] : [],
  });
  try {
    let i = 0;
    const requests = [{ method: "POST" as const, setupRequest: (req: object) => ({ ...req, path: "/api/v1/merchant/payin", body: body(i++) }) }];
    const base = { url: server.url, headers: authHeaders(m.testApiKey, true), requests };
    // 1. The maximum rate, worker included (its backlog is then drained before step 2).
    await load({ ...base, connections: ctx.opts.connections, duration: ctx.opts.warmup });
    const max = await load({ ...base, connections: ctx.opts.connections, duration: Math.min(ctx.opts.duration, 10) }, server.child.pid);
    const drainMs = await waitSettled(ctx, m.merchantId, 120_000);
    // 2. A steady rate at a fraction of it.
    const rate = Math.max(1, Math.round(max.rps * FRACTION));
    const since = new Date();
    const steady = await load({ ...base, connections: 32, duration: ctx.opts.duration, overallRate: rate }, server.child.pid);
    const settleMs = await waitSettled(ctx, m.merchantId, 120_000);
    // 3. Creation -> outcome of the steady phase's payins.
    const [lag] = await ctx.db.sql<{ n: number; p50: number; p90: number; p99: number; max: number; pending: number }[]>`
      select count(*)::int as n,
             coalesce(percentile_cont(0.5) within group (order by ms), 0)::int as p50,
             coalesce(percentile_cont(0.9) within group (order by ms), 0)::int as p90,
             coalesce(percentile_cont(0.99) within group (order by ms), 0)::int as p99,
             coalesce(max(ms), 0)::int as max,
             (select count(*)::int from transactions where merchant_id = ${m.merchantId} and status = 'pending') as pending
        from (select extract(epoch from (e.created_at - t.created_at)) * 1000 as ms
                from transactions t join transaction_events e on e.transaction_id = t.id and e.from_status = 'pending'
               where t.merchant_id = ${m.merchantId} and t.created_at >= ${since}) x`;
    return {
      id: "worker-lag-lean",
      title: `worker lag, creation -> outcome, payins at ${Math.round(FRACTION * 100)} % of the max rate, SANDBOX_DELAY_MS=${SANDBOX_DELAY_MS} (lean entry)`,
      server: "lean",
      connections: 32,
      load: steady,
      target: { p99Ms: SANDBOX_DELAY_MS + 2000 },
      figures: {
        maxRps: max.rps,
        steadyRps: rate,
        outcomes: lag.n,
        lagP50Ms: lag.p50,
        lagP90Ms: lag.p90,
        lagP99Ms: lag.p99,
        lagMaxMs: lag.max,
        maxPhaseDrainMs: drainMs,
        settleAfterLoadMs: settleMs,
      },
      checks: { nothingPending: lag.pending === 0, p99WithinDelayPlus2s: lag.p99 <= SANDBOX_DELAY_MS + 2000 },
    };
  } finally {
    await server.stop();
  }
}

/**
 * Until no payin of the merchant is pending, and none was created for a second; how long
 * that took. The load tool returns with requests still in flight (up to one per
 * connection): they create payins after it, so "0 pending" alone can come too early
 * (the smoke run caught it: nothingPending false with every outcome on time).
 */
async function waitSettled(ctx: BenchContext, merchantId: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let lastTotal = -1;
  let changedAt = Date.now();
  // When the last pending payin settled (the figure reported), not when the quiet second ended.
  let settledAt: number | null = null;
  while (Date.now() - started < timeoutMs) {
    const [r] = await ctx.db.sql<{ pending: number; total: number }[]>`
      select count(*) filter (where status = 'pending')::int as pending, count(*)::int as total from transactions where merchant_id = ${merchantId}`;
    if (r.total !== lastTotal) {
      lastTotal = r.total;
      changedAt = Date.now();
    }
    if (r.pending > 0) settledAt = null;
    else settledAt ??= Date.now();
    if (r.pending === 0 && Date.now() - changedAt >= 1000) break;
    await sleep(200);
  }
  return (settledAt ?? Date.now()) - started;
}
