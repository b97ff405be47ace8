/**
 * `npm run bench [-- options]`: the benchmarks of docs/benchmarks.md, on PostgreSQL,
 * against production servers this script starts itself. Never part of `npm test`.
 *
 *   --duration S      measured seconds per run (default 10)    --warmup S (default 5: a server just
 *                     started is not steady for its first ~5 s, docs/benchmarks.md 2026-11-29 evening)
 *   --connections N   autocannon connections (default 64)
 *   --only a,b        scenarios: refs,payin,keyed,status,statuslog,payout,bulk,list,cluster,redis,next,reqlog,metrics,webhooks,worker,dev
 *   --rows N          rows for the list scenario (default 1,000,000)
 *   --events N        webhook backlog (default 20,000)
 *   --workers N       API_WORKERS of the lean entry and of `npm start` (default 1)
 *   --no-next         skip the Next.js production server (payin + status against it)
 *   --skip-build      reuse .next-bench instead of running `next build`
 *   --keep            keep the benchmark database (its name is printed)
 *   --cpu-prof        write V8 CPU profiles of the lean entry to bench/profiles/
 *   --smoke           every scenario for a few seconds, figures not judged; exits 1 when a
 *                     scenario throws or its checks fail (`npm run bench:smoke`, CI; lib/smoke.ts)
 *
 * BENCH_SERVER_NODE_ARGS="--flag …": node flags for the servers under test (V8 heap
 * settings, say), and BENCH_SERVER_ENV="NAME=value …" settings of theirs
 * (REQUEST_LOG_ENABLED=0, say), so an experiment needs no edit.
 *
 * Which server each scenario runs against: the lean entry (`scripts/lean-entry.ts`,
 * what `npm run start:api` runs) for everything; the Next.js production build
 * (`next build` into .next-bench, `next start`) additionally for payin create and
 * status read, to show what the Next request pipeline costs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BASE_ENV, buildNext, experimentEnv, nextBuildExists, ROOT, startLean, startNext, treePids, type Server } from "./lib/proc";
import { smokeNextDistDir, smokeOptions, smokeProblems } from "./lib/smoke";
import { judgeTargets, printTargets, treeRssMb } from "./lib/targets";

Object.assign(process.env, { ...BASE_ENV, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });

const { createBenchDatabase } = await import("./lib/setup");
const { describeMachine, markdownTable, printTable, tableLines, writeResults } = await import("./lib/report");
const { runReferences } = await import("./scenarios/references");
const { runPayin, runStatus } = await import("./scenarios/payin-status");
const { runRequestLogCost } = await import("./scenarios/request-log");
const { runStatusLogCost } = await import("./scenarios/status-log-cost");
const { runPayout } = await import("./scenarios/payout");
const { runBulkPayout } = await import("./scenarios/bulk-payout");
const { runColdDev } = await import("./scenarios/cold-dev");
const { runList } = await import("./scenarios/list");
const { runWebhooks } = await import("./scenarios/webhooks");
const { runWorkerLag } = await import("./scenarios/worker-lag");
const { runMetricsCost } = await import("./scenarios/metrics-cost");
type Ctx = import("./lib/context").BenchContext;
type Row = import("./lib/context").ScenarioRow;
type Opts = import("./lib/context").BenchOptions;

function parseArgs(argv: string[]): Opts {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, d: number) => {
    const v = value(name);
    const n = v === undefined ? d : Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const only = value("only");
  return {
    duration: num("duration", 10),
    warmup: num("warmup", 5),
    connections: num("connections", 64),
    bulkRows: num("rows", 1_000_000),
    webhookEvents: num("events", 20_000),
    workers: num("workers", 1),
    next: !argv.includes("--no-next"),
    skipBuild: argv.includes("--skip-build"),
    keep: argv.includes("--keep"),
    only: only ? only.split(",").map((s) => s.trim()) : null,
    cpuProfile: argv.includes("--cpu-prof"),
  };
}

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const opts = smoke ? smokeOptions(parseArgs(argv), argv) : parseArgs(argv);
if (smoke) {
  // Reuse a production build when there is one (CI: the e2e suite's), rather than build again.
  const dist = process.env.BENCH_NEXT_DIST_DIR ?? smokeNextDistDir(ROOT);
  if (dist) {
    process.env.BENCH_NEXT_DIST_DIR = dist;
    opts.skipBuild = true;
  }
}
const wants = (s: string) => !opts.only || opts.only.includes(s);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4225);
const PORTS = { bare: PORT_BASE, lean: PORT_BASE + 1, next: PORT_BASE + 2, hooks: PORT_BASE + 3, worker: Number(process.env.BENCH_WORKER_PORT ?? PORT_BASE + 4), dev: PORT_BASE + 5, leanLogOff: PORT_BASE + 7 };
const LEAN_ENV = {
  // Only creation is measured: sandbox outcomes land an hour later.
  SANDBOX_DELAY_MS: "3600000",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  // PostgreSQL on 2 cores runs 2 queries at a time; more connections only add syscalls
  // (measured: pool 4 ~2,200 payins/s, pool 20 ~1,450/s). See docs/benchmarks.md.
  DB_POOL_MAX: process.env.DB_POOL_MAX ?? "4",
};

const startedAt = new Date().toISOString();
const db = await createBenchDatabase();
console.log(`bench: database ${db.name}`);
const [{ version }] = await db.sql<{ version: string }[]>`select split_part(version(), ' on ', 1) as version`;
const machine = describeMachine(version);
console.log(`bench: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, Node ${machine.node}, ${machine.postgres}`);
// A run with BENCH_SERVER_ENV measures that setting, not the defaults: said in its console and its files.
const serverEnv = experimentEnv();
const serverEnvNote = Object.keys(serverEnv).length ? `servers started with BENCH_SERVER_ENV ${Object.entries(serverEnv).map(([k, v]) => `${k}=${v}`).join(" ")} (not the defaults)` : "";
if (serverEnvNote) console.log(`bench: ${serverEnvNote}`);
console.log(`bench: ${opts.duration} s per run after ${opts.warmup} s warm-up, ${opts.connections} connections\n`);

const rows: Row[] = [];
const ctx = { opts, db, payinIds: [], refs: {}, next: null } as unknown as Ctx;
const report = (r: Row | Row[]) => {
  for (const row of Array.isArray(r) ? r : [r]) {
    rows.push(row);
    const line = tableLines([row], ctx.refs)[0];
    const ckpt = row.load?.checkpoints ?? row.pgbench?.checkpoints;
    console.log(`  ${row.title}: ${line.rate}  p50 ${line.p50}  p99 ${line.p99}  errors ${line.errors}${ckpt ? `  (checkpoints started in the window: ${ckpt})` : ""}${row.checks ? `  checks ${JSON.stringify(row.checks)}` : ""}${row.figures ? `  ${JSON.stringify(row.figures)}` : ""}`);
  }
};

const extra: { idleRssMb?: number; coldDevS?: number; coldDevPageS?: number } = {};
let lean: Server | null = null;
let next: Server | null = null;
try {
  if (wants("refs")) {
    console.log("references (same run)…");
    report(await runReferences(ctx, PORTS.bare));
  }

  const needsLean = ["payin", "keyed", "status", "payout", "bulk", "list"].some(wants);
  if (needsLean) {
    const nodeArgs = opts.cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench", "profiles")}`] : [];
    lean = await startLean({ port: PORTS.lean, databaseUrl: db.url, env: LEAN_ENV, workers: opts.workers, tag: "main", nodeArgs });
    ctx.lean = lean;
    const under = { server: lean, kind: "lean" as const, label: opts.workers > 1 ? `lean entry, API_WORKERS=${opts.workers}` : "lean entry", id: "lean" };
    console.log(`lean entry up (API_WORKERS=${opts.workers}), log ${lean.logFile}`);
    let payinMerchant: string | null = null;
    if (wants("payin") || wants("status")) {
      const r = await runPayin(ctx, under);
      payinMerchant = r.merchantId;
      if (wants("payin")) report(r.row);
    }
    if (wants("status") && payinMerchant) report(await runStatus(ctx, under, payinMerchant));
    if (wants("keyed")) report((await runPayin(ctx, under, {}, true)).row);
    if (wants("payout")) report(await runPayout(ctx, under));
    if (wants("bulk")) report(await runBulkPayout(ctx, under));
    if (wants("list")) report(await runList(ctx, lean));
    await lean.stop("SIGINT");
    lean = null;
  }

  if (wants("statuslog") && opts.workers === 1) {
    // Issue 23's request log in issue 26's status read: the read with the log on and off, alternating windows.
    console.log("status read, request log on / off (two lean entries, alternating windows)…");
    report(await runStatusLogCost(ctx, { on: PORTS.lean, off: PORTS.leanLogOff }, LEAN_ENV));
  }

  if (wants("cluster") && opts.workers === 1) {
    // The same creation scenarios, and the status read, with one process per core (node:cluster).
    lean = await startLean({ port: PORTS.lean, databaseUrl: db.url, env: LEAN_ENV, workers: 2, tag: "cluster" });
    const under = { server: lean, kind: "lean" as const, label: "lean entry, API_WORKERS=2", id: "lean-2w" };
    console.log(`lean entry up (API_WORKERS=2), log ${lean.logFile}`);
    const payin = await runPayin(ctx, under);
    report(payin.row);
    // The status read with both cores: pgbench's ceiling beside it uses both (-j 2).
    if (payin.merchantId) report(await runStatus(ctx, under, payin.merchantId));
    report(await runPayout(ctx, under));
    await lean.stop("SIGINT");
    lean = null;
  }

  if (wants("redis")) {
    // The same payin creation with the shared rate-limit store (and key revocations) on Redis.
    lean = await startLean({ port: PORTS.lean, databaseUrl: db.url, env: { ...LEAN_ENV, REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379" }, tag: "redis" });
    const under = { server: lean, kind: "lean" as const, label: "lean entry, Redis store", id: "lean-redis" };
    report((await runPayin(ctx, under)).row);
    await lean.stop("SIGINT");
    lean = null;
  }

  if (opts.next && wants("next")) {
    if (!opts.skipBuild || !nextBuildExists()) {
      console.log("next build (NEXT_DIST_DIR=.next-bench)…");
      const built = await buildNext();
      console.log(`  ${built.ok ? "built" : "FAILED"} in ${Math.round(built.seconds)} s (log ${built.logFile})`);
      if (!built.ok) rows.push({ id: "next-build", title: "Next.js production build failed: no Next scenarios", server: "next", connections: 0, notes: [built.logFile] });
    }
    if (nextBuildExists()) {
      // --workers applies to `npm start` too (API_WORKERS: the production setting is one per core).
      next = await startNext({ port: PORTS.next, databaseUrl: db.url, env: LEAN_ENV, workers: opts.workers });
      console.log(`npm start up (API_WORKERS=${opts.workers}), log ${next.logFile}`);
      await new Promise((r) => setTimeout(r, 3000));
      // The idle RSS target is the default single process's.
      if (opts.workers === 1) {
        extra.idleRssMb = treeRssMb(treePids(next.child.pid!));
        console.log(`  idle RSS of npm start: ${Math.round(extra.idleRssMb)} MB`);
      }
      const under = { server: next, kind: "next" as const, label: opts.workers > 1 ? `npm start (lean /api/v1 + Next), API_WORKERS=${opts.workers}` : "npm start (lean /api/v1 + Next)", id: "next" };
      const r = await runPayin(ctx, under);
      report(r.row);
      report(await runStatus(ctx, under, r.merchantId));
      await next.stop();
      next = null;
    }
  }

  if (opts.next && wants("reqlog")) {
    // Issue 23: payin create through npm start with the request log on and off, same run.
    if (!opts.skipBuild || !nextBuildExists()) {
      console.log("next build (NEXT_DIST_DIR=.next-bench)…");
      const built = await buildNext();
      console.log(`  ${built.ok ? "built" : "FAILED"} in ${Math.round(built.seconds)} s (log ${built.logFile})`);
    }
    if (nextBuildExists()) {
      console.log("request log cost (npm start, on/off interleaved)…");
      // A smoke run needs each side once to know the scenario works; the full run interleaves rounds.
      for (const row of await runRequestLogCost(ctx, { port: PORTS.next, env: LEAN_ENV, rounds: smoke ? 1 : undefined })) report(row);
    }
  }

  if (wants("metrics")) {
    // Issue 25: payin create through npm start with and without metrics, same run.
    if (!nextBuildExists() && !process.env.BENCH_NEXT_DIST_DIR) {
      console.log("next build (NEXT_DIST_DIR=.next-bench)…");
      await buildNext();
    }
    console.log("metrics cost (npm start, METRICS_ENABLED=0 / 1)…");
    const distDir: Record<string, string> = process.env.BENCH_NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.BENCH_NEXT_DIST_DIR } : {};
    report(await runMetricsCost(ctx, PORTS.next, { ...LEAN_ENV, ...distDir }, smoke ? 1 : undefined));
  }

  if (wants("webhooks")) {
    console.log("webhooks…");
    report(await runWebhooks(ctx, PORTS.hooks));
  }

  if (wants("worker")) {
    console.log("worker lag…");
    report(await runWorkerLag(ctx, PORTS.worker));
  }

  if (wants("dev")) {
    console.log("cold npm run dev…");
    const cold = await runColdDev(PORTS.dev);
    // The target is the first 200 the server gives; the first page (compiled on demand) is printed beside it.
    extra.coldDevS = cold.healthzS;
    extra.coldDevPageS = cold.firstPageS;
    console.log(`  first 200: /api/healthz after ${cold.healthzS.toFixed(1)} s, / after ${cold.firstPageS.toFixed(1)} s (log ${cold.logFile})`);
  }
} finally {
  await lean?.stop();
  await next?.stop();
  const lines = tableLines(rows, ctx.refs);
  console.log("");
  printTable(lines);
  const targets = printTargets(judgeTargets(rows, ctx.refs, extra));
  const markdown = `${serverEnvNote ? `${serverEnvNote[0].toUpperCase()}${serverEnvNote.slice(1)}.\n\n` : ""}${markdownTable(lines)}\n\n${targets}\n`;
  const resultsDir = smoke ? fs.mkdtempSync(path.join(os.tmpdir(), "sika-bench-smoke-")) : path.join(ROOT, "bench", "results");
  const file = writeResults(resultsDir, { startedAt, machine, options: { ...opts, serverEnv }, rows, refs: ctx.refs, markdown });
  console.log(`\nresults: ${smoke ? file : path.relative(ROOT, file)} (+ one file per scenario, latest.md)`);
  if (opts.keep) {
    // Its connections closed, or this process never exits.
    await db.close();
    console.log(`database kept: ${db.url}`);
  } else await db.drop();
}

if (smoke) {
  const problems = smokeProblems(rows);
  if (problems.length) {
    console.error(`\nbench smoke FAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(`\nbench smoke passed: ${rows.length} rows, every check true (figures not judged)`);
  }
}
