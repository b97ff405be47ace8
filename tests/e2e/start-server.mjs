// Starts the app for Playwright the way a deployment runs (D14): a production build in its
// own folder (reused when built from the same sources, scripts/production-build.mjs;
// E2E_SKIP_BUILD=1 reuses any build), a fresh
// PostgreSQL database (E2E_DATABASE_ADMIN_URL, default the local server), the first operator
// made with the admin CLI (production seeds no demo accounts), then `npm start`'s server.
// Short sandbox, worker and webhook-retry delays keep the flows quick.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { ensureProductionBuild, PRODUCTION_DIST_DIR } from "../../scripts/production-build.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const port = process.env.E2E_PORT ?? "3210";
const distDir = PRODUCTION_DIST_DIR;
const dataDir = path.join(root, ".data-e2e");
const adminUrl = process.env.E2E_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `sika_e2e_${port}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  NEXT_SKIP_TYPECHECK: "1",
  PORT: port,
  PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
  DATABASE_URL: databaseUrl.toString(),
  SECRETS_KEY: "e".repeat(64),
  NEXTAUTH_SECRET: "e2e-nextauth-secret-not-for-production-0123456789",
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://127.0.0.1:${port}`,
  SANDBOX_DELAY_MS: "300",
  WORKER_INTERVAL_MS: "200",
  WEBHOOK_RETRY_SCHEDULE: "1,1,2",
  WEBHOOK_TIMEOUT_MS: "3000",
  API_KEY_CACHE_MS: "0",
  SEED_DEMO: "0",
  // The suite's webhook receiver listens on 127.0.0.1 (test mode, D14 opt-in).
  ALLOW_PRIVATE_WEBHOOK_URLS: "1",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_SECOND: "10000",
  // Every spec signs up its own merchants from 127.0.0.1: one address, dozens of sign-ups.
  SIGNUP_LIMIT_PER_HOUR: "10000",
};

if (process.env.E2E_SKIP_BUILD !== "1" || !fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
  try {
    const { built } = ensureProductionBuild({ root, distDir, env, pgliteDir: path.join(dataDir, "build") });
    if (!built) console.log(`e2e: reusing ${distDir} (built from these very sources)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
// A fresh database for every run.
fs.rmSync(dataDir, { recursive: true, force: true });
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.unsafe(`create database ${dbName}`);
await admin.end();
// The README's first production step: the operator, made with the admin CLI (migrates too).
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const op = spawnSync(tsx, ["scripts/admin.ts", "create-operator", "--email", "operator@sika.test", "--password", "sika-operator-2026"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
if (op.status !== 0) process.exit(op.status ?? 1);

// `npm start` (server/http/production-entry.ts): /api/v1 on the lean handlers, the rest through Next.
// The server's JSON log (warnings and errors) goes to test-results/e2e-server.log: Playwright
// drops a web server's stdout, and a 500 in a spec is explained there.
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
const log = fs.openSync(path.join(root, "test-results", "e2e-server.log"), "w");
const server = spawn(process.execPath, ["--import", "tsx", "server/http/production-entry.ts"], { cwd: root, env, stdio: ["ignore", log, "inherit"] });
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
