// Starts the app for Playwright the way a deployment runs (D14): a production build in its
// own folder (reused when built from the same sources, scripts/production-build.mjs;
// E2E_SKIP_BUILD=1 reuses any build), a fresh
// PostgreSQL database (E2E_DATABASE_ADMIN_URL, default the local server), the first operator
// made with the admin CLI (production seeds no demo accounts), then `npm start`'s server.
// Short sandbox, worker and webhook-retry delays keep the flows quick. Mail goes over SMTP
// to a real SMTP server (the `smtp-server` package) run here, which writes each message
// to .data-e2e/mail/ for the specs to read (fixtures.ts readMail).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
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
  // Every sign-up of the suite opens its verification link from this one address (30 an hour by default).
  ACCOUNT_LINK_LIMIT_PER_HOUR: "10000",
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
// The mailbox: every mail the app sends lands in .data-e2e/mail/<n>.json ({ to, raw }).
const mailDir = path.join(dataDir, "mail");
fs.mkdirSync(mailDir, { recursive: true });
let mailSeq = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const file = path.join(mailDir, `${Date.now()}-${String(mailSeq++).padStart(5, "0")}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(Number(process.env.E2E_SMTP_PORT ?? 0), "127.0.0.1", resolve));
env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
env.MAIL_FROM = "Sika <no-reply@sika.test>";

// The README's first production step: the operator, made with the admin CLI (migrates too),
// with two-factor sign-in on (operators must have it in production; the fixtures compute its
// codes from this secret, the same as fixtures.ts OPERATOR.totpSecret).
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const operatorTotpSecret = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWC4TF";
const op = spawnSync(tsx, ["scripts/admin.ts", "create-operator", "--email", "operator@sika.test", "--password", "sika-operator-2026", "--totp-secret", operatorTotpSecret, "--json"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
if (op.status !== 0) process.exit(op.status ?? 1);

// `npm start` (scripts/production-entry.ts): /api/v1 on the lean handlers, the rest through Next.
// The server's JSON log (warnings and errors) goes to test-results/e2e-server.log: Playwright
// drops a web server's stdout, and a 500 in a spec is explained there.
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
const log = fs.openSync(path.join(root, "test-results", "e2e-server.log"), "w");
const server = spawn(process.execPath, ["--import", "tsx", "scripts/production-entry.ts"], { cwd: root, env, stdio: ["ignore", log, "inherit"] });
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => {
  smtp.close();
  server.kill(sig);
});
// Playwright stops this script with SIGTERM (playwright.config.ts, gracefulShutdown): once
// the server has drained, the run's database goes too, so no sika_e2e_* database is left on
// the server between runs (the next run would drop and recreate it anyway).
server.on("exit", async (code, signal) => {
  try {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  } catch (err) {
    console.error(`e2e: could not drop ${dbName}: ${err instanceof Error ? err.message : err}`);
  }
  process.exit(code ?? (signal ? 0 : 1));
});
