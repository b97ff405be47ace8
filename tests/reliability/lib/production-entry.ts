import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PRODUCTION_DIST_DIR } from "../../../scripts/production-build.mjs";
import { request } from "./client";

/**
 * The reliability suite's servers are what `npm start` runs (issue 13: the races, SIGKILL
 * and outage scenarios against the production command): scripts/production-entry.ts
 * on the `next build` output made by the suite's global setup (build-production.ts), with
 * NODE_ENV=production and so the production settings check. /api/v1 is served there by the
 * lean handlers, the dashboard by Next in the same process.
 */
export const PRODUCTION_ENTRY = "scripts/production-entry.ts";

export function productionEnv(port: number): Record<string, string> {
  const base = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: "production",
    NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXTAUTH_SECRET: "reliability-nextauth-secret-not-for-production-0123456789",
    NEXTAUTH_URL: base,
    PUBLIC_BASE_URL: base,
    // The suite's webhook receivers listen on 127.0.0.1 (test mode, D14 opt-in).
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
    PORT: String(port),
  };
}

/** Starts `npm start`'s server as a child (the caller owns its lifetime and its log file). */
export function spawnProductionEntry(env: Record<string, string | undefined>, port: number, logFd: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", PRODUCTION_ENTRY], {
    cwd: path.resolve(import.meta.dirname, "..", "..", ".."),
    env: { ...process.env, ...env, ...productionEnv(port) },
    stdio: ["ignore", logFd, logFd],
  });
}

export interface ProductionServer {
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

/** `npm start`'s server on a free port against `databaseUrl`, ready (readyz 200) when resolved. */
export async function startProductionServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ProductionServer> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `sika-reliability-server-${process.pid}-${port}.log`);
  const out = fs.openSync(logFile, "w");
  const child = spawnProductionEntry({ SEED_DEMO: "0", LOG_LEVEL: "warn", ...env, DATABASE_URL: databaseUrl }, port, out);
  fs.closeSync(out);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start's server exited (${child.exitCode}); see ${logFile}`);
    const r = await request(baseUrl, "/api/readyz", { timeoutMs: 1000 });
    if (r.ok && r.res.status === 200) return { baseUrl, logFile, stop };
    await new Promise((res) => setTimeout(res, 100));
  }
  await stop();
  throw new Error(`npm start's server not ready; see ${logFile}`);
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
