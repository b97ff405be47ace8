import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * API_WORKERS > 1 on the embedded database: each forked process opened the same PGlite
 * folder, the second was refused by its lock and died at boot, and the cluster primary
 * forked it again, without end (a crash loop that never served). The start is refused
 * now, at once, naming the setting (server/http/cluster-primary.ts#apiWorkerCount).
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-workers-pglite-"));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("API_WORKERS on the embedded database", { timeout: 120_000 }, () => {
  it("npm run start:api with API_WORKERS=2 and no DATABASE_URL exits 1 naming the setting, without forking", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", PORT: "4131", API_WORKERS: "2", PGLITE_DATA_DIR: path.join(dataDir, "pglite"), WORKER_ENABLED: "0", SEED_DEMO: "0" };
    delete env.DATABASE_URL;
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/lean-entry.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(out).toContain("API_WORKERS=2 needs DATABASE_URL (PostgreSQL)");
    // Refused before anything was forked or opened: no worker died, no folder was created.
    expect(out).not.toContain("worker died");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });
});
