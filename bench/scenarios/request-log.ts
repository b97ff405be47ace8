import type { BenchContext, ScenarioRow } from "../lib/context";
import { startNext, type Server } from "../lib/proc";
import { runPayin } from "./payin-status";

/**
 * Issue 23: what the request log costs. Payin create through `npm start` (lean /api/v1 +
 * Next), with the request log on and off (`REQUEST_LOG_ENABLED`), in the same run,
 * interleaved on, off, on, off so drift on a shared machine falls on both sides. The
 * "on" rows check that every accepted payin request was logged (the batches flushed).
 *
 * BENCH_REQLOG_RATE=N: every run at a fixed N req/s (autocannon overallRate) instead of as
 * fast as it goes. On a shared machine the CPU a request costs depends on the rate it
 * runs at (fewer requests per event-loop turn and per database batch when starved), so
 * comparing on and off at one rate isolates what the log itself adds.
 */
export async function runRequestLogCost(ctx: BenchContext, opts: { port: number; env: Record<string, string>; rounds?: number }): Promise<ScenarioRow[]> {
  const rows: ScenarioRow[] = [];
  const rates: Record<"on" | "off", number[]> = { on: [], off: [] };
  // CPU per request (server tree + PostgreSQL), µs: steadier than req/s when other work shares the cores.
  const cpu: Record<"on" | "off", number[]> = { on: [], off: [] };
  // BENCH_REQLOG_ROUNDS: more interleaved rounds when the machine's drift is larger than the log's cost.
  const rounds = opts.rounds ?? Number(process.env.BENCH_REQLOG_ROUNDS ?? 3);
  const rate = Number(process.env.BENCH_REQLOG_RATE ?? 0);
  for (let round = 1; round <= rounds; round++) {
    for (const setting of ["on", "off"] as const) {
      let server: Server | null = null;
      try {
        // BENCH_SERVER_NODE_ARGS (e.g. `--import ./bench/lib/gc-hook.mjs` with GC_HOOK_FILE): what the server's GC does in each round.
        const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
        server = await startNext({ port: opts.port, databaseUrl: ctx.db.url, nodeArgs, env: { ...opts.env, REQUEST_LOG_ENABLED: setting === "on" ? "1" : "0", GC_HOOK_LABEL: `${setting}-${round}` } });
        await new Promise((r) => setTimeout(r, 2000));
        const under = { server, kind: "next" as const, label: `npm start, request log ${setting}, round ${round}`, id: `reqlog-${setting}-${round}` };
        const { row, merchantId } = await runPayin(ctx, under, rate ? { overallRate: rate } : {});
        // The writer may trail the load on a starved machine: count until every accepted request is
        // there, or nothing new arrived for 5 s (a long batch statement can take seconds), at most 30 s.
        const responses = Number(row.checks?.responses200 ?? 0);
        const logged = async () =>
          Number((await ctx.db.sql<{ n: string }[]>`select count(*)::text as n from request_logs where merchant_id = ${merchantId} and path = '/api/v1/merchant/payin'`)[0].n);
        let n = await logged();
        for (let waited = 0, still = 0; waited < 30_000 && n < responses && still < 5_000; waited += 500) {
          await new Promise((r) => setTimeout(r, 500));
          const now = await logged();
          still = now === n ? still + 500 : 0;
          n = now;
        }
        row.checks = { ...row.checks, requestLogRows: n, ...(setting === "on" ? { everyAcceptedRequestLogged: n >= responses } : { nothingLogged: n === 0 }) };
        rows.push(row);
        if (row.load) {
          rates[setting].push(row.load.rps);
          const c = (row.load as { cpu?: { server?: number; postgres?: number } }).cpu;
          if (c && row.load.rps > 0) cpu[setting].push((((c.server ?? 0) + Math.max(0, c.postgres ?? 0)) / 100) * (1e6 / row.load.rps));
        }
      } finally {
        await server?.stop();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
  const on = mean(rates.on);
  const off = mean(rates.off);
  const cpuOn = mean(cpu.on);
  const cpuOff = mean(cpu.off);
  console.log(`  request log: on ${Math.round(on)}/s, off ${Math.round(off)}/s, on/off ${(on / off).toFixed(3)}; CPU per request on ${Math.round(cpuOn)} µs, off ${Math.round(cpuOff)} µs`);
  rows.push({
    id: "reqlog-ratio",
    title: `payin create through npm start: request log on / off (mean of ${rounds} interleaved rounds${rate ? `, fixed ${rate} req/s` : ""})`,
    server: "next",
    connections: ctx.opts.connections,
    figures: {
      onRps: Math.round(on),
      offRps: Math.round(off),
      ratio: Number((on / off).toFixed(3)),
      withinTenPercent: on >= 0.9 * off ? "yes" : "no",
      cpuPerRequestOnUs: Math.round(cpuOn),
      cpuPerRequestOffUs: Math.round(cpuOff),
    },
  });
  return rows;
}
