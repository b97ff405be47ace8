import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freshCheckpoint } from "./checkpoint";
import { machineCpu } from "./proc";

/**
 * PostgreSQL's own ceiling for the statements a scenario's request runs: pgbench with
 * a script from bench/sql, prepared statements (the app's driver prepares too), the
 * same server, the same database.
 */
export interface PgbenchSummary {
  script: string;
  clients: number;
  tps: number;
  latencyAvgMs: number;
  failed: number;
  seconds: number;
  /** Machine CPU busy while it ran, % of one core (pgbench itself included). */
  machineCpu: number;
  /** PostgreSQL checkpoints that started during the run (lib/checkpoint.ts); null: unknown. */
  checkpoints: number | null;
}

export function pgbenchAvailable(): Promise<boolean> {
  return new Promise((resolve) => execFile("pgbench", ["--version"], (err) => resolve(!err)));
}

export async function pgbench(opts: { url: string; script: string; clients: number; seconds: number; vars?: Record<string, string> }): Promise<PgbenchSummary> {
  const file = path.join(import.meta.dirname, "..", "sql", opts.script);
  if (!fs.existsSync(file)) throw new Error(`no pgbench script ${file}`);
  const args = ["-n", "-M", "prepared", "-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-f", file];
  for (const [k, v] of Object.entries(opts.vars ?? {})) args.push("-D", `${k}=${v}`);
  args.push(opts.url);
  // Measured from a fresh checkpoint, as our own windows are (lib/checkpoint.ts).
  const window = await freshCheckpoint();
  const before = machineCpu();
  const out = await new Promise<string>((resolve, reject) =>
    execFile("pgbench", args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout + stderr))),
  );
  const used = machineCpu().busy - before.busy;
  const checkpoints = await window.end();
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  return {
    script: opts.script,
    clients: opts.clients,
    tps: Math.round(num(/tps = ([\d.]+)/)),
    latencyAvgMs: num(/latency average = ([\d.]+) ms/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    seconds: opts.seconds,
    machineCpu: Math.round((1000 * used) / opts.seconds) / 10,
    checkpoints,
  };
}
