import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const ADMIN_URL = process.env.E2E_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface OwnServer {
  base: string;
  dbName: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * A second production server of the build Playwright made (.next-e2e), on the suite's port +
 * `portOffset`, with a database of its own named `sika_e2e_<tag>_<port>` (dropped by stop()):
 * for what must not touch the suite's server (production defaults, a database refusing
 * connections). `env` adds to or overrides the production settings given here.
 */
export async function startOwnServer(portOffset: number, tag: string, env: Record<string, string | undefined>): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const dbName = `sika_e2e_${tag}_${port}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.unsafe(`create database ${dbName}`);
  await admin.end();
  const db = new URL(ADMIN_URL);
  db.pathname = `/${dbName}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/production-entry.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: ".next-e2e",
      PORT: String(port),
      DATABASE_URL: db.toString(),
      NEXTAUTH_URL: base,
      SEED_DEMO: "0",
      WORKER_ENABLED: "0",
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 400 && !(await fetch(`${base}/api/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 250));
  const stop = async () => {
    // Gone already when it exited by a signal too (exitCode stays null then: waiting on
    // "exit" would wait forever). The server forces its own exit 10 s after SIGTERM
    // (server/boot.ts); past 20 s it is killed, and the teardown says so.
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    if (!gone()) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const inTime = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
      if (!inTime) {
        child.kill("SIGKILL");
        await exited;
        console.warn(`own server on ${base} did not exit within 20 s of SIGTERM: killed`);
      }
    }
    const admin2 = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin2.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin2.end();
  };
  return { base, dbName, process: child, stop };
}
