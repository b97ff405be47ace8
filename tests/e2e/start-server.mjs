// Starts the app for Playwright: a fresh embedded database, a production build in its
// own folder (skipped with E2E_SKIP_BUILD=1 when .next-e2e is already built), then
// `next start`. Short sandbox, worker and webhook-retry delays keep the flows quick.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const port = process.env.E2E_PORT ?? "3210";
const distDir = ".next-e2e";
const dataDir = path.join(root, ".data-e2e");

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  NEXT_SKIP_TYPECHECK: "1",
  PORT: port,
  PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
  SECRETS_KEY: "e".repeat(64),
  NEXTAUTH_SECRET: "e2e-nextauth-secret-not-for-production",
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://127.0.0.1:${port}`,
  SANDBOX_DELAY_MS: "300",
  WORKER_INTERVAL_MS: "200",
  WEBHOOK_RETRY_SCHEDULE: "1,1,2",
  WEBHOOK_TIMEOUT_MS: "3000",
  API_KEY_CACHE_MS: "0",
  SEED_DEMO: "1",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_SECOND: "10000",
};
delete env.DATABASE_URL;

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const built = fs.existsSync(path.join(root, distDir, "BUILD_ID"));
if (process.env.E2E_SKIP_BUILD !== "1" || !built) {
  // Prerendering runs the instrumentation hook: give the build a throwaway database and
  // no worker loop, so nothing it opens is in the way of the server started below.
  const buildEnv = { ...env, PGLITE_DATA_DIR: path.join(dataDir, "build"), WORKER_ENABLED: "0", SEED_DEMO: "0" };
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env: buildEnv, stdio: ["ignore", "inherit", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A fresh database for every run.
fs.rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", "127.0.0.1"], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
