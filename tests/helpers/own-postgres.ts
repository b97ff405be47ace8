import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A private PostgreSQL server for fault tests: initdb into a temporary folder, its own
 * port, trust auth, fsync off. Tests stop, start and restart it at will; the shared
 * server on 5432 is never touched. PostgreSQL refuses to run as root, so when the
 * tests run as root the server runs as the `postgres` system user.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  dataDir: string;
  /** These run pg_ctl asynchronously (the test's own clients keep running meanwhile). */
  start(): Promise<void>;
  stop(mode?: "fast" | "immediate"): Promise<void>;
  restart(mode?: "fast" | "immediate"): Promise<void>;
  destroy(): void;
}

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const dir = path.join(base, v, "bin");
    if (fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin");
}

/**
 * util-linux's runuser by its path: it lives in /usr/sbin, which a minimal PATH (a CI
 * runner's, a cron job's) leaves out; spawning it by name then failed with no output.
 */
function runuser(): string {
  return ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].find((p) => fs.existsSync(p)) ?? "runuser";
}

export function ownPostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

export function startOwnPostgres(port: number): OwnPostgres {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sika-pg-${port}-`));
  fs.chmodSync(dataDir, 0o700);
  if (asRoot) execFileSync("chown", ["postgres:postgres", dataDir]);
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const r = asRoot ? spawnSync(runuser(), ["-u", "postgres", "--", full, ...args], { encoding: "utf8" }) : spawnSync(full, args, { encoding: "utf8" });
    // r.error: the command could not be started at all (no output to show then).
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.error?.message ?? (r.stderr || r.stdout)}`);
  };
  const runAsync = async (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    await (asRoot ? promisify(execFile)(runuser(), ["-u", "postgres", "--", full, ...args]) : promisify(execFile)(full, args));
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dataDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const log = path.join(dataDir, "server.log");
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start: () => runAsync("pg_ctl", ["-D", dataDir, "-o", opts, "-l", log, "-w", "-t", "30", "start"]),
    stop: (mode = "fast") => runAsync("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"]),
    restart: (mode = "fast") => runAsync("pg_ctl", ["-D", dataDir, "-o", opts, "-l", log, "-m", mode, "-w", "-t", "30", "restart"]),
    destroy: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  run("pg_ctl", ["-D", dataDir, "-o", opts, "-l", log, "-w", "-t", "30", "start"]);
  return pg;
}
