import { createApiKey } from "@/server/auth/api-keys";
import { authHeaders, type BenchContext, type ScenarioRow, type Under } from "../lib/context";
import { load } from "../lib/load";
import { startLean, type Server } from "../lib/proc";
import { runPayin } from "./payin-status";
import { pgStatusRead, prepareStatusReadIds } from "./references";

/**
 * What the request log (issue 23) costs the status read of issue 26, in one run: two lean
 * entries side by side on one database, one with REQUEST_LOG_ENABLED=1 and one with 0, and
 * pgbench's read-by-id, in alternating windows (pgbench, then both entries, their order
 * swapped each pair) so the machine's drift falls on all three alike. Hand runs of stops
 * 52-57 measured this with BENCH_SERVER_ENV minutes apart; here it is a figure of every run.
 *
 * Checks: the "on" entry logged every read it answered (the log is not what was cut), the
 * "off" entry logged none.
 */
export async function runStatusLogCost(ctx: BenchContext, ports: { on: number; off: number }, env: Record<string, string>): Promise<ScenarioRow[]> {
  const servers: Record<"on" | "off", Server | null> = { on: null, off: null };
  try {
    for (const setting of ["on", "off"] as const) {
      servers[setting] = await startLean({ port: ports[setting], databaseUrl: ctx.db.url, env: { ...env, REQUEST_LOG_ENABLED: setting === "on" ? "1" : "0" }, tag: `status-log-${setting}` });
    }
    const under: Under = { server: servers.on!, kind: "lean", label: "lean entry, request log on", id: "status-log" };
    // Payins to read (creation through the "on" entry; its row is not reported, the payin scenario's is).
    const { merchantId } = await runPayin(ctx, under);
    const ids = (await ctx.db.sql<{ id: string }[]>`select id from transactions where merchant_id = ${merchantId} order by id limit 20000`).map((r) => r.id);
    if (!ids.length) return [];
    // A key for each entry, so the log's rows tell which entry answered.
    const keys = {
      on: await createApiKey(ctx.db.handle.db, { merchantId, mode: "test", name: "bench status, log on" }),
      off: await createApiKey(ctx.db.handle.db, { merchantId, mode: "test", name: "bench status, log off" }),
    };
    const opts = (setting: "on" | "off") => ({
      url: servers[setting]!.url,
      connections: ctx.opts.connections,
      headers: authHeaders(keys[setting].key),
      paths: ids.map((id) => `/api/v1/merchant/transactions/${id}`),
    });
    const answered: Record<"on" | "off", number> = { on: 0, off: 0 };
    for (const setting of ["on", "off"] as const) {
      const warm = await load({ ...opts(setting), duration: ctx.opts.warmup });
      answered[setting] += warm.requests - warm.non2xx;
    }
    const withPg = await prepareStatusReadIds(ctx, ids);
    const pairs = ctx.opts.smoke ? 1 : 3;
    const seconds = ctx.opts.smoke ? 2 : 5;
    const rate: Record<"on" | "off", number[]> = { on: [], off: [] };
    const ratio: Record<"on" | "off" | "onOff", number[]> = { on: [], off: [], onOff: [] };
    const windows: string[] = [];
    // CPU a read (µs, each window): the server's process (every thread) and PostgreSQL's.
    const cpu: Record<"on" | "off", { server: number[]; postgres: number[] }> = { on: { server: [], postgres: [] }, off: { server: [], postgres: [] } };
    for (let i = 0; i < pairs; i++) {
      const pg = withPg ? await pgStatusRead(ctx, merchantId, ids.length, seconds) : null;
      for (const setting of i % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        const r = await load({ ...opts(setting), duration: seconds }, servers[setting]!.child.pid);
        rate[setting].push(r.rps);
        answered[setting] += r.requests - r.non2xx;
        if (r.rps > 0) {
          cpu[setting].server.push(Math.round((r.cpu.server / 100) * (1e6 / r.rps)));
          cpu[setting].postgres.push(Math.round((Math.max(0, r.cpu.postgres) / 100) * (1e6 / r.rps)));
        }
        if (pg && pg.tps > 0) ratio[setting].push(round2(r.rps / pg.tps));
      }
      ratio.onOff.push(round2(rate.on[i] / rate.off[i]));
      windows.push(`${Math.round(rate.on[i])}/${Math.round(rate.off[i])}${pg ? `/${pg.tps}` : ""}`);
    }
    const logged = { on: await loggedReads(ctx, keys.on.id, answered.on), off: await loggedReads(ctx, keys.off.id, 0) };
    return [
      {
        id: "status-read-log-cost",
        title: "status read (lean entry): request log on / off, alternating windows",
        server: "lean",
        connections: ctx.opts.connections,
        figures: {
          windowsOnOffPg: windows.join(" "),
          onOffRatios: ratio.onOff.join(" "),
          onOffMedian: median(ratio.onOff),
          cpuUsPerReadOn: `server ${median(cpu.on.server)}, PostgreSQL ${median(cpu.on.postgres)}`,
          cpuUsPerReadOff: `server ${median(cpu.off.server)}, PostgreSQL ${median(cpu.off.postgres)}`,
          ...(ratio.on.length ? { onRatios: ratio.on.join(" "), onMedian: median(ratio.on), offRatios: ratio.off.join(" "), offMedian: median(ratio.off) } : {}),
        },
        // Reads still in flight when a window ends are answered (and logged) without being counted.
        checks: { readsLoggedWithLogOn: logged.on, everyReadLoggedWithLogOn: logged.on >= answered.on, nothingLoggedWithLogOff: logged.off === 0 },
      },
    ];
  } finally {
    await Promise.all([servers.on?.stop(), servers.off?.stop()]);
  }
}

const round2 = (n: number) => Math.round(100 * n) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The reads logged under one API key, waiting (at most 30 s) for the writer's batches to reach `expected`. */
async function loggedReads(ctx: BenchContext, apiKeyId: string, expected: number): Promise<number> {
  const count = async () => Number((await ctx.db.sql<{ n: string }[]>`select count(*)::text as n from request_logs where api_key_id = ${apiKeyId}`)[0].n);
  let n = await count();
  for (let waited = 0; waited < 30_000 && n < expected; waited += 500) {
    await new Promise((r) => setTimeout(r, 500));
    n = await count();
  }
  return n;
}
