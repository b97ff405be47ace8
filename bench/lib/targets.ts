import fs from "node:fs";
import type { References, ScenarioRow } from "./context";

/**
 * Issues 13 and 26's targets, judged on the figures of this run only (ratios against the ceilings
 * measured in the same run, so a loaded machine moves both sides): PASS, FALL SHORT, or
 * "not measured" when the scenario did not run.
 */
export interface TargetLine {
  scenario: string;
  measured: string;
  target: string;
  verdict: "PASS" | "FALL SHORT" | "not measured";
}

const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");

export function judgeTargets(rows: ScenarioRow[], refs: References, extra: { idleRssMb?: number; coldDevS?: number; coldDevPageS?: number }): TargetLine[] {
  const row = (id: string) => rows.find((r) => r.id === id)?.load;
  const figuresOf = (id: string) => rows.find((r) => r.id === id)?.figures;
  const figure = (id: string, name: string) => {
    const v = figuresOf(id)?.[name];
    return typeof v === "number" ? v : undefined;
  };
  const out: TargetLine[] = [];
  const add = (scenario: string, target: string, ok: boolean | null, measured: string) =>
    out.push({ scenario, target, measured, verdict: ok === null ? "not measured" : ok ? "PASS" : "FALL SHORT" });

  const start = row("payin-create-next");
  const lean = row("payin-create-lean");
  const pg64 = refs.pgPayinInsert64?.tps;
  add(
    "payin create through `npm start`",
    ">= 0.5x pgbench payin INSERT (64), p99 <= 50 ms",
    start && pg64 ? start.rps / pg64 >= 0.5 && start.p99 <= 50 : null,
    start && pg64 ? `${Math.round(start.rps)}/s = ${fmt(start.rps / pg64)}x pgbench (${Math.round(pg64)}/s), p99 ${start.p99} ms` : "",
  );
  add("payin create `npm start` vs `start:api`", ">= 0.9x", start && lean ? start.rps / lean.rps >= 0.9 : null, start && lean ? `${fmt(start.rps / lean.rps)}x (${Math.round(start.rps)} vs ${Math.round(lean.rps)}/s)` : "");
  const payout = row("payout-hot-wallet-lean");
  const hot = refs.pgPayoutHot?.tps;
  const payoutRow = rows.find((r) => r.id === "payout-hot-wallet-lean");
  const noOverdraft = payoutRow?.checks ? !JSON.stringify(payoutRow.checks).includes("false") : false;
  add("payouts on one wallet", ">= 4x pgbench hot wallet, zero overdraft", payout && hot ? payout.rps / hot >= 4 && noOverdraft : null, payout && hot ? `${fmt(payout.rps / hot)}x (${Math.round(payout.rps)} vs ${Math.round(hot)}/s), checks ${noOverdraft ? "ok" : "FAILED"}` : "");
  const status = row("status-read-next");
  const read = refs.pgStatusRead?.tps;
  add("status read (`npm start`)", ">= 0.7x pgbench read-by-id", status && read ? status.rps / read >= 0.7 : null, status && read ? `${fmt(status.rps / read)}x (${Math.round(status.rps)} vs ${Math.round(read)}/s)` : "");
  // Issue 26 asks 0.5x of the same ceiling (issue 13's 0.7x stays above as it was).
  add("status read (issue 26), `npm start`", ">= 0.5x pgbench read-by-id", status && read ? status.rps / read >= 0.5 : null, status && read ? `${fmt(status.rps / read)}x` : "");
  const pairedNext = figure("status-read-next", "pairedRatioMedian");
  add("status read (issue 26), `npm start`, alternating windows", ">= 0.5x pgbench read-by-id (median of the pairs)", pairedNext === undefined ? null : pairedNext >= 0.5, pairedNext === undefined ? "" : `${fmt(pairedNext)}x (pairs: ${figuresOf("status-read-next")?.pairedRatios})`);
  const statusLean = row("status-read-lean");
  add("status read (issue 26), lean entry", ">= 0.5x pgbench read-by-id", statusLean && read ? statusLean.rps / read >= 0.5 : null, statusLean && read ? `${fmt(statusLean.rps / read)}x (${Math.round(statusLean.rps)}/s)` : "");
  // The same ratio from alternating 5 s windows (payin-status.ts pairedWindows): the host's drift cancels out.
  const paired = figure("status-read-lean", "pairedRatioMedian");
  add("status read (issue 26), lean entry, alternating windows", ">= 0.5x pgbench read-by-id (median of the pairs)", paired === undefined ? null : paired >= 0.5, paired === undefined ? "" : `${fmt(paired)}x (pairs: ${figuresOf("status-read-lean")?.pairedRatios})`);
  const statusTwo = row("status-read-lean-2w");
  add("status read (issue 26), lean entry, API_WORKERS=2", ">= 0.5x pgbench read-by-id", statusTwo && read ? statusTwo.rps / read >= 0.5 : null, statusTwo && read ? `${fmt(statusTwo.rps / read)}x (${Math.round(statusTwo.rps)}/s)` : "");
  const pairedTwo = figure("status-read-lean-2w", "pairedRatioMedian");
  add("status read (issue 26), lean entry, API_WORKERS=2, alternating windows", ">= 0.5x pgbench read-by-id (median of the pairs)", pairedTwo === undefined ? null : pairedTwo >= 0.5, pairedTwo === undefined ? "" : `${fmt(pairedTwo)}x (pairs: ${figuresOf("status-read-lean-2w")?.pairedRatios})`);
  // Measured, no target: what issue 23's request log costs the read of issue 26, both entries in alternating windows.
  const logOn = figure("status-read-log-cost", "onMedian");
  const logOff = figure("status-read-log-cost", "offMedian");
  const logOnOff = figure("status-read-log-cost", "onOffMedian");
  add(
    "status read, request log on / off (lean entry, alternating windows)",
    "(measured, no target)",
    logOnOff === undefined ? null : true,
    logOnOff === undefined ? "" : `on/off ${fmt(logOnOff)}${logOn === undefined ? "" : `; on ${fmt(logOn)}x, off ${fmt(logOff ?? NaN)}x pgbench read-by-id (medians of the pairs)`}`,
  );
  const drain = figure("webhooks-throughput-lean", "deliveriesPerSecond");
  add("webhook deliveries from a 20,000-event backlog (issue 26)", ">= 6,000/s", drain === undefined ? null : drain >= 6000, drain === undefined ? "" : `${Math.round(drain)}/s`);
  const lag = figure("webhooks-lag-lean", "lagP99Ms");
  add("webhook lag p99 at 500 payins/s (issue 26)", "<= 300 ms", lag === undefined ? null : lag <= 300, lag === undefined ? "" : `${lag} ms`);
  const two = row("payin-create-lean-2w");
  add("two processes vs one, payin create", ">= 1.6x", two && lean ? two.rps / lean.rps >= 1.6 : null, two && lean ? `${fmt(two.rps / lean.rps)}x` : "");
  const redis = row("payin-create-lean-redis");
  add("payin create, Redis store vs PostgreSQL store", "(measured, no target)", redis && lean ? true : null, redis && lean ? `${fmt(redis.rps / lean.rps)}x (${Math.round(redis.rps)} vs ${Math.round(lean.rps)}/s)` : "");
  add("idle RSS of `npm start` on PostgreSQL", "<= 400 MB", extra.idleRssMb === undefined ? null : extra.idleRssMb <= 400, extra.idleRssMb === undefined ? "" : `${Math.round(extra.idleRssMb)} MB`);
  add("cold `npm run dev` to first 200", "<= 20 s", extra.coldDevS === undefined ? null : extra.coldDevS <= 20, extra.coldDevS === undefined ? "" : `${fmt(extra.coldDevS, 1)} s (first page \`/\` ${extra.coldDevPageS === undefined ? "–" : `${fmt(extra.coldDevPageS, 1)} s`})`);
  return out;
}

/** Resident memory of a process tree, MB (VmRSS of each). */
/** CPU seconds (user + system, every thread) each process has used so far. */
export function cpuSnapshot(pids: number[]): Map<number, number> {
  const ticks = 100; // USER_HZ: /proc counts clock ticks, 100 a second on Linux
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // gone
    }
  }
  return out;
}

/** CPU seconds used since `before` (a process that started since counts from 0). */
export function cpuSince(before: Map<number, number>, now: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of now) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The PostgreSQL server's processes on this machine (backends included), by name. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim().startsWith("postgres")) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

export function treeRssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

export function printTargets(lines: TargetLine[]): string {
  const md = ["| scenario | measured (this run) | target | verdict |", "|---|---|---|---|", ...lines.map((l) => `| ${l.scenario} | ${l.measured || "–"} | ${l.target} | ${l.verdict} |`)].join("\n");
  console.log("\nissue 13 and 26 targets (ratios against this run's ceilings):");
  for (const l of lines) console.log(`  ${l.verdict.padEnd(12)} ${l.scenario}: ${l.measured || "–"}  (target ${l.target})`);
  return md;
}
