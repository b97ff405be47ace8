import { startNext, type Server } from "../lib/proc";
import type { BenchContext, ScenarioRow } from "../lib/context";
import { runPayin } from "./payin-status";

/**
 * What metrics cost (issue 25): payin create through `npm start` with metrics on
 * (METRICS_ENABLED=1, /metrics scraped every 5 s as a Prometheus would, a bit more often
 * than its usual 15 s) and off (METRICS_ENABLED=0), in the same run, alternating
 * off/on/off/on so drift of the machine falls on both sides. The figure: the best run of
 * each, and the difference in req/s (target: within 5 %).
 */
const TOKEN = "bench-metrics-token-0123456789";

async function scraping<T>(server: Server, work: () => Promise<T>): Promise<{ result: T; scrapes: number }> {
  let scrapes = 0;
  const timer = setInterval(() => {
    void fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      .then((r) => r.text())
      .then(() => scrapes++, () => {});
  }, 5000);
  try {
    return { result: await work(), scrapes };
  } finally {
    clearInterval(timer);
  }
}

export async function runMetricsCost(ctx: BenchContext, port: number, env: Record<string, string>, rounds = 2): Promise<ScenarioRow[]> {
  const rows: ScenarioRow[] = [];
  const best: Record<"on" | "off", ScenarioRow | null> = { on: null, off: null };
  for (let round = 0; round < rounds; round++) {
    for (const state of ["off", "on"] as const) {
      const server = await startNext({ port, databaseUrl: ctx.db.url, env: { ...env, METRICS_ENABLED: state === "on" ? "1" : "0", METRICS_TOKEN: TOKEN } });
      try {
        const under = { server, kind: "next" as const, label: `npm start, metrics ${state}, round ${round + 1}`, id: `metrics-${state}-${round + 1}` };
        const { result, scrapes } = await scraping(server, () => runPayin(ctx, under));
        const row = { ...result.row, target: undefined, figures: { metrics: state, scrapes } };
        rows.push(row);
        const rps = (r: ScenarioRow | null) => r?.load?.rps ?? 0;
        if (rps(row) > rps(best[state])) best[state] = row;
      } finally {
        await server.stop();
      }
    }
  }
  const on = best.on?.load?.rps ?? 0;
  const off = best.off?.load?.rps ?? 0;
  rows.push({
    id: "metrics-cost",
    title: "metrics cost: payin create through npm start, best of each",
    server: "next",
    connections: ctx.opts.connections,
    figures: { rpsOff: Math.round(off), rpsOn: Math.round(on), costPercent: off ? Math.round(((off - on) / off) * 1000) / 10 : 0, p99OffMs: best.off?.load?.p99 ?? 0, p99OnMs: best.on?.load?.p99 ?? 0 },
    checks: { withinFivePercent: off > 0 && on >= off * 0.95 },
  });
  return rows;
}
