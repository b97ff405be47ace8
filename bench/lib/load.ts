import crypto from "node:crypto";
import autocannon, { type Options, type Result } from "autocannon";
import { freshCheckpoint } from "./checkpoint";
import { cpuSeconds, machineCpu, postgresPids, treePids } from "./proc";
import { runWrk, wrkAvailable, type LoadFigures } from "./wrk";

/**
 * One load run, summarised, with where the CPU went while it ran: the server process
 * tree, PostgreSQL, the load generator and anything else on the machine (other work
 * competing for the 2 cores is the usual source of noise). The load generator is wrk
 * when installed (bench/lib/wrk.ts), autocannon for fixed rates and counts or without it.
 */
export interface LoadSummary extends LoadFigures {
  rps: number;
  cpu: { server: number; postgres: number; loadgen: number; other: number; cores: number };
  /** Server CPU per request, microseconds. */
  serverUsPerReq: number | null;
  /** PostgreSQL checkpoints that started inside a measured window (lib/checkpoint.ts); null: unknown. */
  checkpoints?: number | null;
  loadgen?: "wrk" | "autocannon";
}

export interface LoadOptions extends Options {
  /** Paths requested in turn (round robin) against `url`'s origin, instead of `url`'s own. */
  paths?: string[];
  /** A header with a value of its own on every request (an Idempotency-Key each). */
  uniqueHeader?: string;
}

type Measured = Omit<LoadSummary, "rps" | "cpu" | "serverUsPerReq" | "loadgen"> & { loadgenSeconds: number | null; loadgen: "wrk" | "autocannon" };

/** wrk for a fixed request or a path list over a duration; autocannon for the rest. */
async function generate(opts: LoadOptions): Promise<Measured> {
  const { paths, uniqueHeader, ...rest } = opts;
  if (wrkAvailable() && rest.duration && !rest.amount && !rest.overallRate && !rest.requests) {
    const r = await runWrk({ url: String(rest.url), method: rest.method, headers: rest.headers as Record<string, string> | undefined, body: rest.body as string | undefined, paths, uniqueHeader, connections: rest.connections ?? 10, duration: Number(rest.duration) });
    const { cpuSeconds: loadgenSeconds, ...figures } = r;
    return { ...figures, loadgenSeconds, loadgen: "wrk" };
  }
  let i = 0;
  const prefix = `${crypto.randomUUID()}-`;
  const requests =
    paths?.length || uniqueHeader
      ? [
          {
            method: rest.method ?? "GET",
            setupRequest: (req: { headers?: Record<string, string> }) => {
              i++;
              return { ...req, ...(paths?.length ? { path: paths[i % paths.length] } : {}), ...(uniqueHeader ? { headers: { ...req.headers, [uniqueHeader]: prefix + i } } : {}) };
            },
          },
        ]
      : rest.requests;
  const result: Result = await autocannon({ timeout: 30, ...rest, ...(requests ? { requests } : {}) } as Options);
  return {
    requests: result["2xx"] + result.non2xx,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status5xx: result["5xx"],
    durationS: result.duration,
    loadgenSeconds: null, // this process: measured by the caller
    loadgen: "autocannon",
  };
}

export async function load(opts: LoadOptions, serverPid?: number): Promise<LoadSummary> {
  // A measured window (the server's pid given) starts from a fresh checkpoint.
  const window = serverPid ? await freshCheckpoint() : null;
  const serverPids = serverPid ? treePids(serverPid) : [];
  const pg = postgresPids();
  const before = { server: cpuSeconds(serverPids), pg: cpuSeconds(pg), self: process.cpuUsage(), machine: machineCpu() };
  const result = await generate(opts);
  const checkpoints = window ? await window.end() : undefined;
  const self = process.cpuUsage(before.self);
  const machine = machineCpu();
  const server = cpuSeconds(serverPids) - before.server;
  const postgres = cpuSeconds(pg) - before.pg;
  const loadgen = result.loadgenSeconds ?? (self.user + self.system) / 1e6;
  const busy = machine.busy - before.machine.busy;
  const { requests, durationS: secs, loadgenSeconds: _, ...figures } = result;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    ...figures,
    requests,
    rps: Math.round(requests / secs),
    durationS: r1(secs),
    cpu: {
      server: r1((100 * server) / secs),
      postgres: r1((100 * postgres) / secs),
      loadgen: r1((100 * loadgen) / secs),
      other: r1(Math.max(0, (100 * (busy - server - postgres - loadgen)) / secs)),
      cores: r1((100 * busy) / secs),
    },
    serverUsPerReq: serverPid && requests ? Math.round((server * 1e6) / requests) : null,
    ...(window ? { checkpoints } : {}),
  };
}

/** `p50 4 ms · p99 12 ms` etc. for the console. */
export function describe(s: LoadSummary): string {
  const bad = s.errors + s.timeouts + s.status5xx;
  return (
    `${s.rps.toLocaleString("en-US")} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  ` +
    `errors ${bad}${s.non2xx ? ` (non-2xx ${s.non2xx})` : ""}  ` +
    `cpu% server ${s.cpu.server} pg ${s.cpu.postgres} ${s.loadgen ?? "loadgen"} ${s.cpu.loadgen} other ${s.cpu.other}`
  );
}
