import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../helpers/test-db";
import { createMerchant } from "@/server/merchants/create-merchant";
import { creditWallet } from "@/server/ledger/operator-credit";
import { NegativeBalanceError, postTransfer } from "@/server/ledger/transfers";
import { checkLedger } from "@/server/ledger/invariants";
import { wallets } from "@/server/db/schema";
import { resetEnvCache } from "@/server/env";

let database: TestDatabase;
beforeAll(async () => {
  // 200 transactions queue for 30 connections and one wallet row: this race is about the
  // balance, not about the production bound on waiting for a connection (2 s, a 503).
  process.env.DB_CONNECT_TIMEOUT_MS = "60000";
  resetEnvCache();
  database = await createTestDatabase({ poolMax: 30 });
});
afterAll(async () => {
  await database.destroy();
  delete process.env.DB_CONNECT_TIMEOUT_MS;
  resetEnvCache();
});

describe("wallet balances under concurrency", () => {
  it(`200 concurrent debits on one wallet never overdraw it (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = database.db;
    const m = await createMerchant(db, { name: "Race", owner: { email: `race-${Date.now()}@example.com`, password: "password123" } });
    const debit = 1_000n; // 10.00
    const covered = 137;
    const credit = await creditWallet(db, { merchantId: m.merchantId, mode: "test", currency: "KES", amount: debit * BigInt(covered), reference: "race-fund", reason: "test" });

    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        db
          .transaction((tx) =>
            postTransfer(tx, {
              merchantId: m.merchantId,
              mode: "test",
              currency: "KES",
              walletId: credit.walletId,
              kind: "payout_reserve",
              legs: [
                { account: "available", amount: -debit },
                { account: "in_flight", amount: debit },
              ],
            }),
          )
          .then(() => "ok" as const)
          .catch((err) => {
            if (err instanceof NegativeBalanceError) return "refused" as const;
            throw err;
          }),
      ),
    );

    expect(outcomes.filter((o) => o === "ok")).toHaveLength(covered);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(200 - covered);
    const [w] = await db.select().from(wallets).where(eq(wallets.id, credit.walletId));
    expect(w.available).toBe(0n);
    expect(w.inFlight).toBe(debit * BigInt(covered));
    expect(await checkLedger(db)).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it("refuses an unbalanced transfer and a direct negative update", async () => {
    const db = database.db;
    const m = await createMerchant(db, { name: "Guard", owner: { email: `guard-${Date.now()}@example.com`, password: "password123" } });
    const c = await creditWallet(db, { merchantId: m.merchantId, mode: "test", currency: "XOF", amount: 500n, reference: "g", reason: "t" });
    await expect(
      postTransfer(db, { merchantId: m.merchantId, mode: "test", currency: "XOF", walletId: c.walletId, kind: "payout_reserve", legs: [{ account: "available", amount: -1n }] }),
    ).rejects.toThrow(/unbalanced/);
    // The database itself refuses, whatever the application does.
    await expect(db.update(wallets).set({ available: -1n }).where(eq(wallets.id, c.walletId))).rejects.toThrow();
  });

  it("credits once per reference", async () => {
    const db = database.db;
    const m = await createMerchant(db, { name: "Once", owner: { email: `once-${Date.now()}@example.com`, password: "password123" } });
    const input = { merchantId: m.merchantId, mode: "test" as const, currency: "XOF", amount: 100_000n, reference: "bank-ref-1", reason: "top up" };
    const first = await creditWallet(db, input);
    const again = await creditWallet(db, input);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.transferId).toBe(first.transferId);
    const [w] = await db.select().from(wallets).where(eq(wallets.id, first.walletId));
    expect(w.available).toBe(100_000n);
  });
});
