import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LOG_DIR, ROOT, treePids } from "../lib/proc";

/**
 * Cold `npm run dev` (issue 13 target: first 200 within 20 s): the README's development
 * command on a fresh checkout's state, i.e. no dev build cache (its own NEXT_DIST_DIR,
 * removed first) and a new embedded PGlite folder (migrations and the demo seed run),
 * timed from spawn to the first 200 of `/api/healthz` and of the first page a user opens
 * (`/`, compiled on demand by the dev server).
 */
export interface ColdDevResult {
  healthzS: number;
  firstPageS: number;
  logFile: string;
}

const DIST = ".next-bench-dev";

async function firstOk(url: string, until: number): Promise<boolean> {
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export async function runColdDev(port: number): Promise<ColdDevResult> {
  fs.rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-cold-dev-"));
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, "cold-dev.log");
  const fd = fs.openSync(logFile, "w");
  const started = Date.now();
  const bin = path.join(ROOT, "node_modules", ".bin", "next");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: DIST, PGLITE_DATA_DIR: path.join(dataDir, "pglite"), PORT: String(port), SEED_DEMO: "1" };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(bin, ["dev", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", fd, fd], detached: true });
  fs.closeSync(fd);
  const tsconfig = path.join(ROOT, "tsconfig.json");
  const tsconfigBefore = fs.readFileSync(tsconfig, "utf8");
  try {
    const base = `http://127.0.0.1:${port}`;
    const until = started + 120_000;
    if (!(await firstOk(`${base}/api/healthz`, until))) throw new Error(`npm run dev: no 200 from /api/healthz in 120 s; see ${logFile}`);
    const healthzS = (Date.now() - started) / 1000;
    if (!(await firstOk(`${base}/`, until))) throw new Error(`npm run dev: no 200 from / in 120 s; see ${logFile}`);
    return { healthzS, firstPageS: (Date.now() - started) / 1000, logFile };
  } finally {
    for (const pid of treePids(child.pid!).reverse()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // gone
      }
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
    // `next dev` adds its dist folder's type paths to tsconfig.json.
    if (fs.readFileSync(tsconfig, "utf8") !== tsconfigBefore) fs.writeFileSync(tsconfig, tsconfigBefore);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
