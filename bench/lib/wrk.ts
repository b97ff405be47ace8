import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The load generator when Debian's `wrk` is installed (CI installs it): a C client whose
 * CPU per request is a third of autocannon's on a path list (~17 µs against ~45 µs for
 * a status read here), so on a 2-core machine the load generator no longer takes half a
 * core from the server it measures, as pgbench's own C client does not take it from
 * PostgreSQL in the ceilings beside. autocannon remains for fixed rates and fixed counts,
 * and when wrk is absent (or BENCH_LOADGEN=autocannon).
 */
export interface WrkRequest {
  /** Base URL; with `paths` only its origin is used. */
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requested in turn, round robin (one wrk thread, so the order is exact). */
  paths?: string[];
  /** A header sent with a value of its own on every request (an Idempotency-Key each). */
  uniqueHeader?: string;
  connections: number;
  duration: number;
}

/** What a load run saw, from either generator (bench/lib/load.ts adds the CPU split). */
export interface LoadFigures {
  requests: number;
  durationS: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Socket errors (connect, read, write). */
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
}

export interface WrkResult extends LoadFigures {
  /** CPU seconds wrk used (user + system), read from its parent shell once waited for. */
  cpuSeconds: number;
}

let available: boolean | undefined;

export function wrkAvailable(): boolean {
  if (process.env.BENCH_LOADGEN === "autocannon") return false;
  if (available === undefined) {
    try {
      execFileSync("wrk", ["--version"], { stdio: "ignore" });
      available = true;
    } catch (err) {
      // `wrk --version` prints its banner and exits 1: found all the same.
      available = (err as NodeJS.ErrnoException).code !== "ENOENT";
    }
  }
  return available;
}

/** A Lua long string whose brackets cannot occur in `s`. */
function luaString(s: string): string {
  let eq = "";
  while (s.includes(`]${eq}]`)) eq += "=";
  return `[${eq}[${s}]${eq}]`;
}

function script(req: WrkRequest): string {
  const lines = [`wrk.method = ${luaString(req.method ?? "GET")}`];
  if (req.body !== undefined) lines.push(`wrk.body = ${luaString(req.body)}`);
  if (req.paths?.length) lines.push(`local paths = {${req.paths.map(luaString).join(",\n")}}`);
  if (req.paths?.length && !req.uniqueHeader) {
    // Each path's request formatted once per thread (init runs after -H is applied), not per
    // request: the load generator shares the two cores with the server under test, and
    // wrk.format on every call cost it ~1 µs a request of its ~12 (against the bare server,
    // 20,000 paths, 64 connections: 11.6-11.9 µs before, 10.7-11.0 after).
    lines.push("local reqs, i = {}, 0", "init = function(args)", "  for k, p in ipairs(paths) do reqs[k] = wrk.format(nil, p) end", "end");
    lines.push("request = function()", "  i = i + 1", "  return reqs[(i % #reqs) + 1]", "end");
  } else if (req.paths?.length || req.uniqueHeader) {
    const path = req.paths?.length ? "paths[(i % #paths) + 1]" : "nil";
    lines.push("local i = 0", "request = function()", "  i = i + 1");
    // Spaces inside the brackets: `t[[[x]]]` would read as a call of t with a long string.
    if (req.uniqueHeader) lines.push(`  wrk.headers[ ${luaString(req.uniqueHeader)} ] = ${luaString(`${crypto.randomUUID()}-`)} .. i`);
    lines.push(`  return wrk.format(nil, ${path})`, "end");
  }
  // Counters are globals of each thread's Lua state; done() reads them through setup's handles.
  lines.push(
    "non2xx = 0",
    "status5xx = 0",
    "local threads = {}",
    "setup = function(thread) table.insert(threads, thread) end",
    "response = function(status)",
    "  if status < 200 or status > 299 then non2xx = non2xx + 1 end",
    "  if status >= 500 then status5xx = status5xx + 1 end",
    "end",
    "done = function(summary, latency)",
    "  local n, s5 = 0, 0",
    "  for _, t in ipairs(threads) do n = n + t:get('non2xx'); s5 = s5 + t:get('status5xx') end",
    "  local e = summary.errors",
    "  io.write(string.format('\\n__SIKA_WRK__ {\"requests\":%d,\"durationUs\":%d,\"p50\":%d,\"p90\":%d,\"p99\":%d,\"max\":%d,\"errors\":%d,\"timeouts\":%d,\"non2xx\":%d,\"status5xx\":%d}\\n',",
    "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,",
    "    e.connect + e.read + e.write, e.timeout, n, s5))",
    "end",
  );
  return lines.join("\n") + "\n";
}

export async function runWrk(req: WrkRequest): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-wrk-"));
  const file = path.join(dir, "load.lua");
  fs.writeFileSync(file, script(req));
  const url = req.paths?.length ? new URL(req.url).origin + "/" : req.url;
  const args = ["-t1", `-c${req.connections}`, `-d${req.duration}s`, "--timeout", "30s", "-s", file];
  for (const [k, v] of Object.entries(req.headers ?? {})) args.push("-H", `${k}: ${v}`);
  args.push(url);
  // The shell waits for wrk, then its own /proc stat carries wrk's CPU (cutime, cstime).
  const wrapper = 'wrk "$@"; code=$?; echo "__SIKA_CPU__ $(cat /proc/$$/stat)"; exit $code';
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile("sh", ["-c", wrapper, "sh", ...args], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`wrk: ${err.message}\n${stderr}`)) : resolve(stdout))),
    );
    const summary = /__SIKA_WRK__ (\{.*\})/.exec(out);
    const stat = /__SIKA_CPU__ (.*)/.exec(out);
    if (!summary || !stat) throw new Error(`wrk printed no summary:\n${out}`);
    const s = JSON.parse(summary[1]) as { requests: number; durationUs: number; p50: number; p90: number; p99: number; max: number; errors: number; timeouts: number; non2xx: number; status5xx: number };
    const fields = stat[1].slice(stat[1].lastIndexOf(")") + 2).split(" ");
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requests: s.requests,
      durationS: s.durationUs / 1e6,
      p50: ms(s.p50),
      p90: ms(s.p90),
      p99: ms(s.p99),
      max: ms(s.max),
      errors: s.errors,
      timeouts: s.timeouts,
      non2xx: s.non2xx,
      status5xx: s.status5xx,
      cpuSeconds: (Number(fields[13]) + Number(fields[14])) / 100, // cutime + cstime, USER_HZ
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
