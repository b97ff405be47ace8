/**
 * Preloaded into a bench server (`--import ./bench/lib/gc-hook.mjs`, BENCH_SERVER_NODE_ARGS),
 * never by production: adds up the main thread's garbage-collection pauses by kind and,
 * at exit, appends one JSON line to GC_HOOK_FILE (pause ms by kind, count, heap used).
 * What a request's retained objects cost shows here, not in a CPU profile's JS frames.
 */
import fs from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";

const file = process.env.GC_HOOK_FILE;
if (file) {
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
  };
  const totals = {};
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = KINDS[e.detail?.kind ?? e.kind] ?? "other";
      const t = (totals[kind] ??= { ms: 0, n: 0 });
      t.ms += e.duration;
      t.n++;
    }
  }).observe({ entryTypes: ["gc"] });
  process.on("exit", () => {
    const cpu = process.cpuUsage(cpu0);
    const line = { label: process.env.GC_HOOK_LABEL ?? "", wallMs: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000), heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1e6), gc: totals };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
