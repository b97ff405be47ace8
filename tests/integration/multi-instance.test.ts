import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { revokeApiKeyByKey } from "@/server/auth/api-keys";
import { FEE_RULE_CACHE_MS, updateFeeRule } from "@/server/fees/schedule";

/**
 * Several instances on one PostgreSQL database (issue 13): this test process is one
 * instance (the in-process app), `npm run start:api` processes are the others.
 * - A key revoked on one instance is refused by another at once (LISTEN/NOTIFY), well
 *   inside the cache window API_KEY_CACHE_MS (5 s here).
 * - A fee rule changed on one instance prices the other's next payment (the fee cache
 *   is emptied by the same notification), well inside FEE_RULE_CACHE_MS.
 * - API_WORKERS=2 gives one rate limit per key (the shared store), not one per worker.
 * Needs PostgreSQL (several processes): TEST_DATABASE_URL, or the local server.
 */
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..", "..");

let app: TestApp;
const children: ChildProcess[] = [];

async function startApi(port: number, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lean-entry.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: app.database.url!, PORT: String(port), SEED_DEMO: "0", WORKER_ENABLED: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`start:api exited ${child.exitCode}`);
    const ok = await fetch(`${url}/api/readyz`).then((r) => r.ok, () => false);
    if (ok) return url;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("start:api not ready");
}

const balances = (url: string, key: string) => fetch(`${url}/api/v1/merchant/balances`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(async () => {
  for (const c of children) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
  await app.close();
}, 60_000);

describe("two instances on one database", () => {
  it("a key revoked on one instance is refused on the other within a second (cache window 5 s)", { timeout: 300_000 }, async () => {
    const other = await startApi(4231, { API_KEY_CACHE_MS: "5000" });
    const m = await app.createMerchant();
    // Both instances have the key cached as valid.
    expect(await app.request("/api/v1/merchant/balances", { key: m.testApiKey! }).then((r) => r.status)).toBe(200);
    expect(await balances(other, m.testApiKey!)).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // the other's listener is up (it starts with the first lookup)
    expect(await balances(other, m.testApiKey!)).toBe(200);

    expect(await revokeApiKeyByKey(app.database.db, m.testApiKey!)).not.toBeNull();
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 5000) {
      status = await balances(other, m.testApiKey!);
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1500);
  });

  it("a fee rule changed on one instance applies on the other within a second (cache window 5 s)", { timeout: 300_000 }, async () => {
    const other = await startApi(4233, {});
    const m = await app.createMerchant();
    const quote = () =>
      fetch(`${other}/api/v1/merchant/fees?type=payout&country_code=UG&amount=1000`, { headers: { authorization: `Bearer ${m.testApiKey}` } })
        .then((r) => r.json())
        .then((b: { data: { fee: number } }) => b.data.fee);
    expect(await quote()).toBe(10); // the default 1 %, now cached by the other instance
    await new Promise((r) => setTimeout(r, 300)); // the other's listener is up
    expect(await quote()).toBe(10);

    await updateFeeRule(app.database.db, { direction: "payout", countryCode: "UG", network: "*", currency: "UGX", rateBps: 300, fixedAmount: 0n });
    const changedAt = Date.now();
    let fee = 10;
    while (fee === 10 && Date.now() - changedAt < FEE_RULE_CACHE_MS) {
      fee = await quote();
      if (fee === 10) await new Promise((r) => setTimeout(r, 50));
    }
    expect(fee).toBe(30);
    expect(Date.now() - changedAt).toBeLessThan(1500);
  });

  it("API_WORKERS=2: one rate limit per key across both workers", { timeout: 300_000 }, async () => {
    const LIMIT = 20;
    const url = await startApi(4232, { API_WORKERS: "2", RATE_LIMIT_PER_SECOND: String(LIMIT) });
    const m = await app.createMerchant();
    const started = Date.now();
    let ok = 0;
    let limited = 0;
    // 8 clients in parallel for ~3 s, each on its own connections (spread over both workers).
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() - started < 3000) {
          const s = await balances(url, m.testApiKey!);
          if (s === 200) ok++;
          else if (s === 429) limited++;
          else throw new Error(`unexpected ${s}`);
        }
      }),
    );
    const windows = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(limited).toBeGreaterThan(0);
    // One limit: at most LIMIT per one-second window in all; per-worker limits would allow 2x.
    expect(ok).toBeLessThanOrEqual(LIMIT * windows);
    expect(ok).toBeGreaterThanOrEqual(LIMIT);
  });
});
