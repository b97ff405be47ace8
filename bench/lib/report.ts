import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { References, ScenarioRow } from "./context";

/** The console table, bench/results/*.json and a markdown table for docs/benchmarks.md. */
export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  postgres: string;
  os: string;
}

export function describeMachine(postgresVersion: string): Machine {
  return {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    ramGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: postgresVersion,
    os: `${os.type()} ${os.release()}`,
  };
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "-" : Math.round(n).toLocaleString("en-US"));

const CEILING_NAMES: Record<keyof References, string> = {
  bare: "bare node:http",
  pgPayinInsert: "pgbench INSERT ×16",
  pgPayinInsert64: "pgbench INSERT ×64",
  pgPayoutHot: "pgbench hot-wallet tx",
  pgStatusRead: "pgbench read",
};

function ceilingText(row: ScenarioRow, refs: References): string {
  const parts: string[] = [];
  for (const key of row.ceilings ?? []) {
    const ref = refs[key];
    if (!ref) continue;
    parts.push(`${CEILING_NAMES[key]} ${fmt("rps" in ref ? ref.rps : ref.tps)}/s`);
  }
  return parts.join(", ");
}

function targetText(row: ScenarioRow): string {
  if (!row.target) return "";
  const t = [row.target.rps ? `≥ ${fmt(row.target.rps)}/s` : "", row.target.p99Ms ? `p99 ≤ ${row.target.p99Ms} ms` : ""].filter(Boolean).join(", ");
  return t;
}

export interface TableLine {
  scenario: string;
  conns: string;
  rate: string;
  p50: string;
  p99: string;
  errors: string;
  target: string;
  ceilings: string;
}

export function tableLines(rows: ScenarioRow[], refs: References): TableLine[] {
  return rows.map((r) => {
    if (r.pgbench) {
      return {
        scenario: r.title,
        conns: String(r.connections),
        rate: `${fmt(r.pgbench.tps)} tx/s`,
        p50: `avg ${r.pgbench.latencyAvgMs}`,
        p99: "-",
        errors: String(r.pgbench.failed),
        target: "",
        ceilings: "",
      };
    }
    if (r.load) {
      const perSecond = r.figures?.deliveriesPerSecond;
      return {
        scenario: r.title,
        conns: String(r.connections),
        rate: `${fmt(r.load.rps)} req/s`,
        p50: String(r.load.p50),
        p99: String(r.load.p99),
        errors: String(r.load.errors + r.load.timeouts + r.load.status5xx) + (r.load.non2xx ? ` (${fmt(r.load.non2xx)} non-2xx)` : ""),
        target: targetText(r),
        ceilings: perSecond ? "" : ceilingText(r, refs),
      };
    }
    const figures = r.figures ?? {};
    return {
      scenario: r.title,
      conns: "-",
      rate: figures.deliveriesPerSecond !== undefined ? `${fmt(Number(figures.deliveriesPerSecond))} deliveries/s` : "-",
      p50: "-",
      p99: "-",
      errors: "-",
      target: targetText(r),
      ceilings: "",
    };
  });
}

export function printTable(lines: TableLine[]): void {
  const head: TableLine = { scenario: "scenario", conns: "conns", rate: "throughput", p50: "p50 ms", p99: "p99 ms", errors: "errors", target: "target", ceilings: "same-run ceilings" };
  const all = [head, ...lines];
  const keys = Object.keys(head) as Array<keyof TableLine>;
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...all.map((l) => l[k].length))])) as Record<keyof TableLine, number>;
  const line = (l: TableLine) => keys.map((k) => l[k].padEnd(width[k])).join(" │ ");
  console.log(line(head));
  console.log(keys.map((k) => "─".repeat(width[k])).join("─┼─"));
  for (const l of lines) console.log(line(l));
}

export function markdownTable(lines: TableLine[]): string {
  const head = "| scenario | conns | throughput | p50 ms | p99 ms | errors | target | same-run ceilings |";
  const sep = "|---|---|---|---|---|---|---|---|";
  return [head, sep, ...lines.map((l) => `| ${[l.scenario, l.conns, l.rate, l.p50, l.p99, l.errors, l.target, l.ceilings].join(" | ")} |`)].join("\n");
}

/** `serverEnv`: BENCH_SERVER_ENV of the run (empty for the defaults); each scenario's file says it too, as it replaces the last default one. */
export function writeResults(dir: string, run: { startedAt: string; machine: Machine; options: { serverEnv?: Record<string, string> }; rows: ScenarioRow[]; refs: References; markdown: string }): string {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, "-");
  const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x), 2);
  const serverEnv = run.options.serverEnv && Object.keys(run.options.serverEnv).length ? { serverEnv: run.options.serverEnv } : {};
  for (const row of run.rows) fs.writeFileSync(path.join(dir, `${row.id}.json`), json({ startedAt: run.startedAt, machine: run.machine, ...serverEnv, ...row }) + "\n");
  const file = path.join(dir, `run-${stamp}.json`);
  fs.writeFileSync(file, json(run) + "\n");
  fs.writeFileSync(path.join(dir, "latest.md"), `Run ${run.startedAt} on ${run.machine.cpu}, ${run.machine.cores} cores, ${run.machine.ramGb} GB, Node ${run.machine.node}, ${run.machine.postgres}\n\n${run.markdown}\n`);
  return file;
}
