import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The servers a benchmark runs against, each its own process started here: the lean
 * entry (`scripts/lean-entry.ts`), the Next.js production server (`next start` on
 * a `next build` in NEXT_DIST_DIR=.next-bench) and the bare node:http reference.
 * Their output goes to files under the OS temp folder (printed), never to the console.
 */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const LOG_DIR = path.join(os.tmpdir(), "sika-bench-logs");
/** The PostgreSQL server the bench runs on, as its superuser (BENCH_DATABASE_URL, default the local one). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function logStream(name: string): { file: string; fd: number } {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const file = path.join(LOG_DIR, `${name}.log`);
  return { file, fd: fs.openSync(file, "w") };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitHttp(url: string, child: ChildProcess, timeoutMs: number, logFile: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms; see ${logFile}`);
}

function start(name: string, cmd: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs = 120_000, cwd = ROOT): Promise<Server> {
  const { file, fd } = logStream(name);
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  const server: Server = {
    name,
    url: new URL(readyUrl).origin,
    child,
    logFile: file,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  return waitHttp(readyUrl, child, timeoutMs, file).then(() => server);
}

export const BASE_ENV: Record<string, string> = {
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  SECRETS_KEY: "1".repeat(64),
  NEXTAUTH_SECRET: "bench-nextauth-secret-0123456789",
  // A production start requires the public URL (D14); the benchmark follows no links.
  PUBLIC_BASE_URL: "http://127.0.0.1",
  SEED_DEMO: "0",
  // The benchmark measures the service, not the per-key limiter.
  RATE_LIMIT_PER_SECOND: "100000000",
};

/**
 * BENCH_SERVER_ENV="NAME=value …": settings for the servers under test, over BASE_ENV and under a
 * scenario's own (the request-log scenario still sets its on/off): an experiment such as the
 * status read with REQUEST_LOG_ENABLED=0 needs no edit.
 */
export function experimentEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (process.env.BENCH_SERVER_ENV ?? "").split(" ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`BENCH_SERVER_ENV: "${pair}" is not NAME=value`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** BENCH_SERVER_NODE_ARGS: node flags for the servers under test (an experiment with V8 flags, say). */
const extraNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);

/**
 * BENCH_SERVER_NODE: the node binary for the lean servers of this checkout (default: the
 * bench's own). With `bench:profile --base` on a copy of the same code, it compares two
 * runtimes side by side; the base checkout's servers keep the bench's node.
 */
export const serverNode = (root: string) => (root === ROOT && process.env.BENCH_SERVER_NODE) || process.execPath;

/** `root`: another checkout of Sika to run instead of this one (bench/profile.ts compares two). */
export function startLean(opts: { port: number; databaseUrl: string; env?: Record<string, string>; workers?: number; tag?: string; nodeArgs?: string[]; root?: string }): Promise<Server> {
  const env = { ...BASE_ENV, ...experimentEnv(), DATABASE_URL: opts.databaseUrl, PORT: String(opts.port), API_WORKERS: String(opts.workers ?? 1), ...opts.env };
  const root = opts.root ?? ROOT;
  // A checkout from before issue 26 (bench:profile --base) kept its entry under server/http/.
  const entry = fs.existsSync(path.join(root, "scripts", "lean-entry.ts")) ? "scripts/lean-entry.ts" : "server/http/lean-entry.ts";
  const args = [...extraNodeArgs(), ...(opts.nodeArgs ?? []), "--import", "tsx", entry];
  return start(`lean-${opts.tag ?? opts.port}`, serverNode(root), args, env, `http://127.0.0.1:${opts.port}/api/readyz`, 120_000, root);
}

/** The Next build served (BENCH_NEXT_DIST_DIR: another build, e.g. the e2e suite's for the smoke run). */
const nextDistDir = () => process.env.BENCH_NEXT_DIST_DIR ?? ".next-bench";

export async function buildNext(): Promise<{ ok: boolean; seconds: number; logFile: string }> {
  const { file, fd } = logStream("next-build");
  // next build adds its dist folder's type paths to tsconfig.json: leave the checkout as it was.
  const tsconfig = path.join(ROOT, "tsconfig.json");
  const before = fs.readFileSync(tsconfig, "utf8");
  const started = Date.now();
  const child = spawn(path.join(ROOT, "node_modules", ".bin", "next"), ["build"], {
    cwd: ROOT,
    env: { ...process.env, ...BASE_ENV, NEXT_DIST_DIR: nextDistDir() },
    stdio: ["ignore", fd, fd],
  });
  fs.closeSync(fd);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  if (fs.readFileSync(tsconfig, "utf8") !== before) fs.writeFileSync(tsconfig, before);
  return { ok: code === 0, seconds: (Date.now() - started) / 1000, logFile: file };
}

export function nextBuildExists(): boolean {
  return fs.existsSync(path.join(ROOT, nextDistDir(), "BUILD_ID"));
}

/** `npm start`: scripts/production-entry.ts (lean /api/v1 + Next for the rest) on the .next-bench build. */
export function startNext(opts: { port: number; databaseUrl: string; env?: Record<string, string>; workers?: number; nodeArgs?: string[] }): Promise<Server> {
  const env = { ...BASE_ENV, ...experimentEnv(), NEXT_DIST_DIR: nextDistDir(), DATABASE_URL: opts.databaseUrl, PORT: String(opts.port), API_WORKERS: String(opts.workers ?? 1), ...opts.env };
  const args = [...extraNodeArgs(), ...(opts.nodeArgs ?? []), "--import", "tsx", "scripts/production-entry.ts"];
  return start(`npm-start-${opts.port}`, process.execPath, args, env, `http://127.0.0.1:${opts.port}/api/readyz`);
}

/** `npm run start:next`: Next's own server for everything (the pre-issue-13 `npm start`). */
export function startNextOnly(opts: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<Server> {
  const env = { ...BASE_ENV, ...experimentEnv(), NEXT_DIST_DIR: nextDistDir(), DATABASE_URL: opts.databaseUrl, PORT: String(opts.port), ...opts.env };
  const bin = path.join(ROOT, "node_modules", ".bin", "next");
  return start(`next-${opts.port}`, bin, ["start", "-p", String(opts.port), "-H", "127.0.0.1"], env, `http://127.0.0.1:${opts.port}/api/readyz`);
}

export function startBare(port: number): Promise<Server> {
  return start(`bare-${port}`, process.execPath, [path.join(ROOT, "bench", "lib", "bare-server.mjs")], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
}

/** CPU seconds (user + system) used so far by a process and its descendants that are alive. */
export function cpuSeconds(pids: number[]): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone
    }
  }
  return total;
}

/** The pids of a process tree (cluster workers, Next's child). */
export function treePids(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, "utf8").trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

let benchDatabase: string | null = null;
/** The benchmark's database (setup.ts): the connections of other databases are not its cost. */
export function setBenchDatabaseName(name: string): void {
  benchDatabase = name;
}

/** A client backend's title: `postgres: 15/main: <user> <database> <host>(<port>) <state>`. */
const BACKEND_TITLE = /^postgres: [^:]+: \S+ (\S+) \S+\(\d+\)/;

/**
 * The postgres server processes that count as the database's share of the CPU: the
 * server's own (WAL writer, checkpointer, autovacuum…) and the connections to the
 * benchmark's database. Connections to other databases (tests of other sessions on a
 * shared machine) are left out: they made "CPU per request" swing by 2x between rounds.
 */
export function postgresPids(): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      const database = BACKEND_TITLE.exec(title)?.[1];
      if (benchDatabase && database && database !== benchDatabase) continue;
      out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

/** Machine CPU seconds: busy and total, from /proc/stat (to see what else ran). */
export function machineCpu(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = v[3] + (v[4] ?? 0);
  const total = v.reduce((s, n) => s + n, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}
