import crypto from "node:crypto";
import postgres from "postgres";
import { migrate, openPostgres, type DatabaseHandle } from "@/server/db/client";
import { creditWallet } from "@/server/ledger/operator-credit";
import { createMerchant } from "@/server/merchants/create-merchant";
import { seedReferenceData } from "@/server/seed/reference-data";
import type { Mode } from "@/server/db/schema";
import { ADMIN_URL, setBenchDatabaseName } from "./proc";

/**
 * A database of its own for one benchmark run (created on the PostgreSQL server of
 * BENCH_DATABASE_URL, default the local one; dropped at the end unless --keep), and
 * the merchants the scenarios use.
 */
export interface BenchDatabase {
  name: string;
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
  /** Closes this process's connections and leaves the database (--keep). */
  close(): Promise<void>;
  sql: postgres.Sql;
}


export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `sika_bench_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  setBenchDatabaseName(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 10);
  await migrate(handle);
  await seedReferenceData(handle.db);
  const sql = postgres(url.toString(), { max: 4, onnotice: () => {} });
  return {
    name,
    url: url.toString(),
    handle,
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await handle.close();
      await admin.end();
    },
    async drop() {
      await sql.end({ timeout: 5 });
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface BenchMerchant {
  merchantId: string;
  testApiKey: string;
  liveApiKey: string;
  walletId?: string;
}

export async function benchMerchant(db: BenchDatabase, opts: { tag: string; fund?: { mode?: Mode; currency: string; amount: bigint } }): Promise<BenchMerchant> {
  const m = await createMerchant(db.handle.db, {
    name: `Bench ${opts.tag}`,
    owner: { email: `bench-${opts.tag}-${crypto.randomBytes(3).toString("hex")}@example.com`, password: "bench-password-123" },
    kycStatus: "approved",
    withApiKeys: true,
  });
  let walletId: string | undefined;
  if (opts.fund) {
    const credit = await creditWallet(db.handle.db, {
      merchantId: m.merchantId,
      mode: opts.fund.mode ?? "test",
      currency: opts.fund.currency,
      amount: opts.fund.amount,
      reference: `bench-${opts.tag}`,
      reason: "benchmark funding",
    });
    walletId = credit.walletId;
  }
  return { merchantId: m.merchantId, testApiKey: m.testApiKey!, liveApiKey: m.liveApiKey!, walletId };
}
