import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { runAdminCli } from "../helpers/run-cli";
import { migrate, openPglite, setDatabaseHandle, type DatabaseHandle } from "@/server/db/client";
import { createLeanServer } from "@/server/http/node-server";
import { routeModules } from "@/app/api/route-modules.generated";
import { clearApiKeyCache } from "@/server/auth/api-keys";
import { checkLedger } from "@/server/ledger/invariants";

/**
 * The admin CLI against a real database: PostgreSQL when TEST_DATABASE_URL is set,
 * otherwise a PGlite folder the CLI process opens, closes, and the test opens after.
 */
let pg: TestDatabase | undefined;
let dataDir: string | undefined;
let cliEnv: Record<string, string | undefined>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
    cliEnv = { DATABASE_URL: pg.url };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-cli-"));
    cliEnv = { DATABASE_URL: undefined, PGLITE_DATA_DIR: path.join(dataDir, "pglite") };
  }
});
afterAll(async () => {
  await pg?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withServer<T>(fn: (baseUrl: string, handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = pg ?? (await openPglite(cliEnv.PGLITE_DATA_DIR));
  if (!pg) await migrate(handle);
  setDatabaseHandle(handle);
  clearApiKeyCache();
  const server = createLeanServer({ routes: routeModules });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, handle);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
    if (!pg) await handle.close();
  }
}

// Each case starts a real process (tsx + database open): slow on a loaded 2-core machine.
describe("npm run admin", { timeout: 120_000 }, () => {
  let created: { merchant_id: string; test_api_key: string; live_api_key: string; webhook_secret: string; live_webhook_secret: string };

  it("create-merchant --json prints the merchant id, both keys and the webhook secret", async () => {
    const res = await runAdminCli(
      ["create-merchant", "--name", "Boutique Abidjan", "--email", "owner@abidjan.example", "--password", "s3cret-pass", "--kyc", "approved", "--fund", "test:XOF:1000000", "--fund", "live:XOF:5000", "--json"],
      cliEnv,
    );
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    created = JSON.parse(res.stdout);
    expect(created.merchant_id).toMatch(/^mer_/);
    expect(created.test_api_key).toMatch(/^sk_test_[A-Za-z0-9]{43}$/);
    expect(created.live_api_key).toMatch(/^sk_live_[A-Za-z0-9]{43}$/);
    expect(created.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.webhook_secret.slice(6), "base64")).toHaveLength(32);
    // D13/D14: live has its own secret, so a test event never verifies at the live endpoint.
    expect(created.live_webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.live_webhook_secret).not.toBe(created.webhook_secret);
  });

  it("the created key authenticates; funds landed through the ledger", async () => {
    await withServer(async (baseUrl, handle) => {
      const res = await fetch(`${baseUrl}/api/v1/countries?limit=1`, { headers: { authorization: `Bearer ${created.test_api_key}` } });
      expect(res.status).toBe(200);
      expect(await checkLedger(handle.db)).toMatchObject({ total: 0n, walletMismatches: 0, unbalancedTransfers: 0 });
    });
  });

  it("credit, approve-kyc and revoke-key work and report in JSON", async () => {
    const credit = await runAdminCli(["credit", "--merchant", created.merchant_id, "--mode", "test", "--currency", "XOF", "--amount", "2500", "--reference", "wire-42", "--json"], cliEnv);
    expect(credit.code).toBe(0);
    expect(JSON.parse(credit.stdout)).toMatchObject({ available_balance: 1002500, created: true });
    const again = await runAdminCli(["credit", "--merchant", created.merchant_id, "--mode", "test", "--currency", "XOF", "--amount", "2500", "--reference", "wire-42", "--json"], cliEnv);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: false });

    const kyc = await runAdminCli(["approve-kyc", "--merchant", created.merchant_id, "--json"], cliEnv);
    expect(JSON.parse(kyc.stdout)).toEqual({ merchant_id: created.merchant_id, kyc_status: "approved" });

    const revoke = await runAdminCli(["revoke-key", "--key", created.test_api_key, "--json"], cliEnv);
    expect(revoke.code).toBe(0);
    await withServer(async (baseUrl) => {
      const res = await fetch(`${baseUrl}/api/v1/countries`, { headers: { authorization: `Bearer ${created.test_api_key}` } });
      expect(res.status).toBe(401);
    });
  });

  it("rejects bad arguments with a clear message and a non-zero exit", async () => {
    // Argument errors fail before the database opens: run them side by side.
    const usage: [string[], RegExp][] = [
      [["create-merchant", "--name", "X", "--email", "x@y.example"], /--password is required/],
      [["create-merchant", "--name", "X", "--email", "x@y.example", "--password", "longenough", "--fund", "test:EUR:5"], /unknown currency "EUR"/],
      [["credit", "--merchant", created.merchant_id, "--mode", "prod", "--currency", "XOF", "--amount", "5", "--reference", "r"], /mode must be test or live/],
      [["credit", "--merchant", created.merchant_id, "--mode", "test", "--currency", "XOF", "--amount", "1.001", "--reference", "r"], /at most 2 decimals/],
      // A fraction of a zero-decimal currency: refused before anything is written (no merchant without its funds).
      [["credit", "--merchant", created.merchant_id, "--mode", "test", "--currency", "XOF", "--amount", "1.5", "--reference", "r"], /whole number for XOF, got "1.5"/],
      [["create-merchant", "--name", "Half", "--email", "half@dakar.example", "--password", "longenough", "--fund", "test:GNF:1000.50"], /whole number for GNF/],
      [["frobnicate"], /Unknown command "frobnicate"/],
      [["approve-kyc", "--merchant", created.merchant_id, "--bogus"], /Unknown option '--bogus'/],
    ];
    const results = await Promise.all(usage.map(([args]) => runAdminCli(args, cliEnv)));
    usage.forEach(([args, message], i) => {
      expect(results[i].code, args.join(" ")).toBe(2);
      expect(results[i].stderr, args.join(" ")).toMatch(message);
    });
    // These need the database (one process at a time owns a PGlite folder).
    const data: [string[], RegExp][] = [
      [["credit", "--merchant", "mer_nope", "--mode", "test", "--currency", "XOF", "--amount", "5", "--reference", "r"], /no merchant mer_nope/],
      [["revoke-key", "--key", "sk_test_unknown"], /no active API key/],
    ];
    for (const [args, message] of data) {
      const res = await runAdminCli(args, cliEnv);
      expect(res.code, args.join(" ")).not.toBe(0);
      expect(res.stderr, args.join(" ")).toMatch(message);
    }
    const dup = await runAdminCli(["create-merchant", "--name", "Again", "--email", "owner@abidjan.example", "--password", "s3cret-pass"], cliEnv);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/email has already been taken/);
  });
});
