import fs from "node:fs";
import path from "node:path";
import type { BenchOptions, ScenarioRow } from "./context";

/**
 * `npm run bench:smoke` (`npm run bench -- --smoke`), run by CI: every scenario for a few
 * seconds, so a scenario that broke (a refused receiver, a renamed column, a server that
 * does not start) is seen the day it breaks, not at the next full run. Figures are not
 * judged (CI machines are shared and small); the run fails when a scenario throws, a
 * check it makes after its load is false, or its load saw transport errors, timeouts or
 * 5xx. Results go to a temporary folder, never over bench/results.
 */
export function smokeOptions(opts: BenchOptions, argv: string[]): BenchOptions {
  const given = (name: string) => argv.includes(`--${name}`);
  return {
    ...opts,
    smoke: true,
    duration: given("duration") ? opts.duration : 2,
    warmup: given("warmup") ? opts.warmup : 1,
    connections: given("connections") ? opts.connections : 16,
    bulkRows: given("rows") ? opts.bulkRows : 20_000,
    webhookEvents: given("events") ? opts.webhookEvents : 2_000,
  };
}

/**
 * The Next build the smoke run serves: an existing .next-bench, else the e2e suite's
 * production build (CI runs it just before), else none (the run builds one).
 */
export function smokeNextDistDir(root: string): string | null {
  for (const dir of [".next-bench", ".next-e2e"]) if (fs.existsSync(path.join(root, dir, "BUILD_ID"))) return dir;
  return null;
}

const falsy = (v: unknown) => v === false;

/** Why the smoke run fails; empty when every scenario ran clean. */
export function smokeProblems(rows: ScenarioRow[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    for (const [name, value] of Object.entries(row.checks ?? {})) {
      if (falsy(value)) problems.push(`${row.id}: check ${name} failed`);
    }
    const l = row.load;
    if (l && l.errors + l.timeouts + l.status5xx > 0) problems.push(`${row.id}: ${l.errors} errors, ${l.timeouts} timeouts, ${l.status5xx} 5xx under load`);
    if (l && l.requests === 0) problems.push(`${row.id}: no request answered`);
    if (row.pgbench && row.pgbench.failed > 0) problems.push(`${row.id}: pgbench ${row.pgbench.failed} failed transactions`);
    if (row.id === "next-build") problems.push(`${row.id}: ${row.title}`);
  }
  return problems;
}
