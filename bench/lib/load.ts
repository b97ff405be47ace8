import autocannon, { type Options, type Result } from "autocannon";
import { cpuSeconds, machineCpu, postgresPids, treePids } from "./proc";

/**
 * One autocannon run, summarised, with where the CPU went while it ran: the server
 * process tree, PostgreSQL, this process (the load generator) and anything else on
 * the machine (other work competing for the 2 cores is the usual source of noise).
 */
export interface LoadSummary {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
  durationS: number;
  cpu: { server: number; postgres: number; loadgen: number; other: number; cores: number };
  /** Server CPU per request, microseconds. */
  serverUsPerReq: number | null;
}

export async function load(opts: Options, serverPid?: number): Promise<LoadSummary> {
  const serverPids = serverPid ? treePids(serverPid) : [];
  const pg = postgresPids();
  const before = { server: cpuSeconds(serverPids), pg: cpuSeconds(pg), self: process.cpuUsage(), machine: machineCpu() };
  const result: Result = await autocannon({ timeout: 30, ...opts });
  const self = process.cpuUsage(before.self);
  const machine = machineCpu();
  const server = cpuSeconds(serverPids) - before.server;
  const postgres = cpuSeconds(pg) - before.pg;
  const loadgen = (self.user + self.system) / 1e6;
  const busy = machine.busy - before.machine.busy;
  const requests = result["2xx"] + result.non2xx;
  const secs = result.duration;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    requests,
    rps: Math.round(requests / secs),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status5xx: result["5xx"],
    durationS: r1(secs),
    cpu: {
      server: r1((100 * server) / secs),
      postgres: r1((100 * postgres) / secs),
      loadgen: r1((100 * loadgen) / secs),
      other: r1(Math.max(0, (100 * (busy - server - postgres - loadgen)) / secs)),
      cores: r1((100 * busy) / secs),
    },
    serverUsPerReq: serverPid && requests ? Math.round((server * 1e6) / requests) : null,
  };
}

/** `p50 4 ms · p99 12 ms` etc. for the console. */
export function describe(s: LoadSummary): string {
  const bad = s.errors + s.timeouts + s.status5xx;
  return (
    `${s.rps.toLocaleString("en-US")} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  ` +
    `errors ${bad}${s.non2xx ? ` (non-2xx ${s.non2xx})` : ""}  ` +
    `cpu% server ${s.cpu.server} pg ${s.cpu.postgres} loadgen ${s.cpu.loadgen} other ${s.cpu.other}`
  );
}
