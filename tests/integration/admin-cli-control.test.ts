import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { runAdminCli } from "../helpers/run-cli";
import { migrate, openPglite, type DatabaseHandle } from "@/server/db/client";
import { auditLog } from "@/server/db/schema";

/**
 * The admin CLI's side of issue 22, as an operator runs it (its own process, a real
 * database): a restricted key chosen with --scope / --allowed-ips and shown by list-keys,
 * a bad allow-list refused before the database opens, and every change in the audit log
 * naming the CLI.
 */
let pg: TestDatabase | undefined;
let dataDir: string | undefined;
let cliEnv: Record<string, string | undefined>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
    cliEnv = { DATABASE_URL: pg.url };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-cli-control-"));
    cliEnv = { DATABASE_URL: undefined, PGLITE_DATA_DIR: path.join(dataDir, "pglite") };
  }
});
afterAll(async () => {
  await pg?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withDb<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = pg ?? (await openPglite(cliEnv.PGLITE_DATA_DIR));
  if (!pg) await migrate(handle);
  try {
    return await fn(handle);
  } finally {
    if (!pg) await handle.close();
  }
}

describe("npm run admin (restricted keys, audit)", { timeout: 120_000 }, () => {
  it("creates a read-only key limited to ranges, lists it, and records every change", async () => {
    const merchant = await runAdminCli(["create-merchant", "--name", "Boutique CLI", "--email", "cli-owner@example.com", "--password", "s3cret-pass", "--fund", "test:XOF:1000", "--json"], cliEnv);
    expect(merchant.code).toBe(0);
    const merchantId = JSON.parse(merchant.stdout).merchant_id as string;

    const bad = await runAdminCli(["create-key", "--merchant", merchantId, "--mode", "test", "--allowed-ips", "10.0.0.0/40"], cliEnv);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--allowed-ips: "10.0.0.0\/40" is not an IP address or CIDR range/);

    const key = await runAdminCli(
      ["create-key", "--merchant", merchantId, "--mode", "live", "--name", "ERP", "--scope", "read_only", "--allowed-ips", "203.0.113.0/24,2001:db8::/32", "--json"],
      cliEnv,
    );
    expect(key.stderr).toBe("");
    const created = JSON.parse(key.stdout);
    expect(created).toMatchObject({ mode: "live", scope: "read_only", allowed_ips: ["203.0.113.0/24", "2001:db8::/32"] });
    expect(created.api_key).toMatch(/^sk_live_/);

    const list = await runAdminCli(["list-keys", "--merchant", merchantId, "--mode", "live"], cliEnv);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/read_only\s+203\.0\.113\.0\/24 2001:db8::\/32\s+active\s+ERP/);
    expect(list.stdout).not.toContain(created.api_key);

    await withDb(async ({ db }) => {
      const rows = await db.select().from(auditLog).where(eq(auditLog.merchantId, merchantId));
      expect(rows.map((r) => r.action).sort()).toEqual(["api_key.created", "merchant.created", "wallet.credited"]);
      expect(rows.every((r) => r.actorType === "cli" && r.actorLabel.startsWith("admin CLI") && r.userAgent === "sika-admin-cli")).toBe(true);
      const [keyRow] = await db.select().from(auditLog).where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, "api_key.created")));
      expect(keyRow.after).toMatchObject({ scope: "read_only", allowed_ips: ["203.0.113.0/24", "2001:db8::/32"] });
    });
  });
});
