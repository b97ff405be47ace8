import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { runAdminCli } from "../helpers/run-cli";
import { payinRequest } from "../helpers/payments";
import { setDatabaseHandle } from "@/server/db/client";
import { auditLog, users, userSessions } from "@/server/db/schema";
import { createMerchant } from "@/server/merchants/create-merchant";
import { verifyPassword } from "@/server/auth/passwords";
import { startSession } from "@/server/auth/user-sessions";
import { demoSeedAllowed } from "@/server/config-check";
import { resetEnvCache } from "@/server/env";

/**
 * Issue 19 §1 and §2, through the processes an operator runs: the admin CLI and
 * `npm run start:api` (scripts/lean-entry.ts), both production unless told otherwise,
 * against a PostgreSQL database of their own.
 */
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PORT = 4121;

let db: TestDatabase;
const children: ChildProcess[] = [];
const saved = { ...process.env };

const productionSettings = () => ({
  DATABASE_URL: db.url!,
  SECRETS_KEY: "5".repeat(64),
  NEXTAUTH_SECRET: "security-entries-nextauth-secret-0123456789",
  PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
});

beforeAll(async () => {
  db = await createTestDatabase();
  setDatabaseHandle(db);
}, 120_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
  await db.destroy();
}, 60_000);
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** `npm run start:api` as an operator types it: no NODE_ENV. */
async function startApiWithoutNodeEnv(extra: Record<string, string>): Promise<{ url: string | null; code: number | null; stderr: string; stdout: () => string }> {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: undefined, PORT: String(PORT), WORKER_ENABLED: "0", LOG_LEVEL: "warn", ...extra };
  for (const k of ["SECRETS_KEY", "NEXTAUTH_SECRET", "PUBLIC_BASE_URL", "NEXTAUTH_URL", "ALLOW_PRIVATE_WEBHOOK_URLS", "PASSWORD_HASH_LOG_N", "SEED_DEMO"]) if (!(k in extra)) delete env[k];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lean-entry.ts"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  let stdout = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) return { url: null, code: child.exitCode, stderr, stdout: () => stdout };
    if (await fetch(`${url}/api/readyz`).then((r) => r.ok, () => false)) return { url, code: null, stderr, stdout: () => stdout };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`start:api not ready: ${stderr}`);
}

/** Production writes its logs in chunks, at least every second: waits for a line to be out. */
async function waitForLine(out: () => string, text: string): Promise<void> {
  for (let i = 0; i < 40 && !out().includes(text); i++) await new Promise((r) => setTimeout(r, 250));
  expect(out()).toContain(text);
}

async function stopApi(): Promise<void> {
  const child = children.at(-1)!;
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

describe("npm run start:api is production by default (§2)", { timeout: 120_000 }, () => {
  it("without NODE_ENV and without the production settings, it refuses to start and names them", async () => {
    const r = await startApiWithoutNodeEnv({ DATABASE_URL: db.url!, SEED_DEMO: "1" });
    expect(r.code).toBe(1);
    for (const name of ["SECRETS_KEY", "NEXTAUTH_SECRET", "PUBLIC_BASE_URL"]) expect(r.stderr).toContain(name);
  });

  it("a production start says nothing of the demo seed it was not asked for; SEED_DEMO=1 set by the operator is refused out loud", async () => {
    // LOG_LEVEL info: the "listening" line comes after the seed decision, so once it is out, a warning would be too.
    const quiet = await startApiWithoutNodeEnv({ ...productionSettings(), LOG_LEVEL: "info" });
    expect(quiet.url).not.toBeNull();
    await waitForLine(quiet.stdout, "lean API listening");
    expect(quiet.stdout()).not.toContain("SEED_DEMO");
    await stopApi();
    const asked = await startApiWithoutNodeEnv({ ...productionSettings(), LOG_LEVEL: "info", SEED_DEMO: "1" });
    expect(asked.url).not.toBeNull();
    await waitForLine(asked.stdout, "lean API listening");
    expect(asked.stdout()).toContain("SEED_DEMO=1 ignored: production never creates accounts with fixed passwords");
    await stopApi();
  });

  it("without NODE_ENV: no demo accounts in the PostgreSQL database, and test mode refuses private webhook targets", async () => {
    const r = await startApiWithoutNodeEnv({ ...productionSettings(), SEED_DEMO: "1" });
    expect(r.url).not.toBeNull();
    const demo = await db.db.select({ email: users.email }).from(users).where(eq(users.email, "operator@sika.test"));
    expect(demo).toEqual([]);
    process.env.SECRETS_KEY = productionSettings().SECRETS_KEY;
    resetEnvCache();
    const m = await createMerchant(db.db, { name: "Entry Shop", owner: { email: `entry-${Date.now()}@example.com`, password: "long enough pw" }, kycStatus: "approved", withApiKeys: true });
    const res = await fetch(`${r.url}/api/v1/merchant/payin`, {
      method: "POST",
      headers: { authorization: `Bearer ${m.testApiKey}`, "content-type": "application/json" },
      body: JSON.stringify(payinRequest({ callback_url: "http://127.0.0.1:9/hook" })),
    });
    const body = (await res.json()) as { message: string; data: Record<string, string[]> };
    expect(res.status).toBe(422);
    expect(body.data.callback_url.join(" ")).toMatch(/public address/);
  });

  it("the demo seed never runs against PostgreSQL unless development is explicit", () => {
    process.env.SEED_DEMO = "1";
    process.env.DATABASE_URL = db.url!;
    (process.env as Record<string, string>).NODE_ENV = "test";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(false);
    delete (process.env as Record<string, string | undefined>).NODE_ENV; // env() would default to development: not explicit
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(false);
    (process.env as Record<string, string>).NODE_ENV = "development";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(true);
    delete process.env.DATABASE_URL; // the embedded database is the developer's own
    (process.env as Record<string, string>).NODE_ENV = "test";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(true);
  });
});

describe("admin CLI (§1, §2)", { timeout: 120_000 }, () => {
  const cli = (args: string[], env: Record<string, string | undefined> = {}) => runAdminCli(args, { NODE_ENV: undefined, ...productionSettings(), ...env });

  it("create-operator refuses an account someone already registered, and leaves it as it was", async () => {
    const email = `squatter-${Date.now()}@example.com`;
    const m = await createMerchant(db.db, { name: "Squatter", owner: { email, password: "attacker password" } });
    const r = await cli(["create-operator", "--email", email, "--password", "administrator-chosen-pw"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/already exists/);
    expect(r.stderr).toMatch(/--reset-existing/);
    const [row] = await db.db.select().from(users).where(eq(users.id, m.userId));
    expect(row.isOperator).toBe(false);
    expect(await verifyPassword("attacker password", row.passwordHash)).toBe(true);
  });

  it("--reset-existing takes the account over: operator, the given password, every session ended, audited", async () => {
    const email = `takeover-${Date.now()}@example.com`;
    const m = await createMerchant(db.db, { name: "Takeover", owner: { email, password: "attacker password" } });
    const sessionId = await startSession(db.db, { userId: m.userId, userAgent: "attacker", address: "203.0.113.9" });
    const r = await cli(["create-operator", "--email", email, "--password", "administrator-chosen-pw", "--reset-existing", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ user_id: m.userId, operator: true, password_reset: true });
    const [row] = await db.db.select().from(users).where(eq(users.id, m.userId));
    expect(row.isOperator).toBe(true);
    expect(await verifyPassword("administrator-chosen-pw", row.passwordHash)).toBe(true);
    expect(await verifyPassword("attacker password", row.passwordHash)).toBe(false);
    expect(row.sessionVersion).toBe(2);
    const [s] = await db.db.select().from(userSessions).where(eq(userSessions.id, sessionId));
    expect(s.endedAt).not.toBeNull();
    const audit = await db.db.select().from(auditLog).where(eq(auditLog.targetId, m.userId));
    expect(audit.map((a) => a.action)).toContain("operator.promoted");
  });

  it("is production by default: it will not encrypt a merchant's secrets with a development key", async () => {
    const r = await cli(["create-merchant", "--name", "No Key", "--email", `nokey-${Date.now()}@example.com`, "--password", "long enough pw"], { SECRETS_KEY: undefined });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/SECRETS_KEY is required in production/);
  });
});
