import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { ledgerEntries, transactionEvents, webhookEvents, type Mode } from "@/server/db/schema";
import { creditWallet } from "@/server/ledger/operator-credit";
import { findWallet } from "@/server/ledger/wallets";
import { toMinor } from "@/server/money";
import { sandboxPhone, type SandboxOutcome } from "./sandbox-numbers";

/** Request builders and ledger probes shared by the payments tests. */

export function payinRequest(
  opts: { country?: string; network?: string; amount?: number; outcome?: SandboxOutcome; currency?: string } & Record<string, unknown> = {},
) {
  const { country = "CI", network = "mtn", amount = 1000, outcome = "successful", currency, metadata, ...rest } = opts;
  return {
    amount,
    ...(currency ? { currency } : {}),
    metadata: { network, phone_number: sandboxPhone(country, outcome), country_code: country, ...(metadata as object) },
    ...rest,
  };
}

export function payoutRequest(
  opts: { country?: string; network?: string; amount?: number; outcome?: SandboxOutcome; currency?: string } & Record<string, unknown> = {},
) {
  const { country = "CI", network = "mtn", amount = 1000, outcome = "successful", currency = "XOF", metadata, ...rest } = opts;
  return {
    amount,
    currency,
    payment_method: "mobile_money",
    metadata: { network, phone_number: sandboxPhone(country, outcome), country_code: country, beneficiary: "Awa Marie Diop", ...(metadata as object) },
    ...rest,
  };
}

/** Funds a wallet through the ledger (operator credit), amount in units (JSON number). */
export async function fund(db: Database, input: { merchantId: string; mode?: Mode; currency: string; amount: number }) {
  const amount = toMinor(input.amount);
  if (amount === null) throw new Error("bad amount");
  await creditWallet(db, {
    merchantId: input.merchantId,
    mode: input.mode ?? "test",
    currency: input.currency,
    amount,
    reference: `test-${crypto.randomBytes(6).toString("hex")}`,
    reason: "test funding",
  });
}

/** Wallet balances in hundredths (0n when the wallet does not exist). */
export async function walletOf(db: Database, input: { merchantId: string; mode?: Mode; currency: string }) {
  const w = await findWallet(db, { merchantId: input.merchantId, mode: input.mode ?? "test", currency: input.currency });
  return { available: w?.available ?? 0n, inFlight: w?.inFlight ?? 0n };
}

/** Sum of every ledger entry of the database: always zero (double entry). */
export async function ledgerTotal(db: Database): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries);
  return BigInt(row.total);
}

/** Each wallet's stored balances equal the sums of its ledger legs. */
export async function walletMatchesLedger(db: Database, input: { merchantId: string; mode?: Mode; currency: string }) {
  const mode = input.mode ?? "test";
  const w = await walletOf(db, input);
  const sums = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.merchantId, input.merchantId), eq(ledgerEntries.mode, mode), eq(ledgerEntries.currency, input.currency)))
    .groupBy(ledgerEntries.account);
  const of = (a: string) => BigInt(sums.find((s) => s.account === a)?.total ?? "0");
  return of("available") === w.available && of("in_flight") === w.inFlight;
}

export async function ledgerKinds(db: Database, transactionId: string) {
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
  return rows.map((r) => `${r.kind}:${r.account}:${r.amount}`).sort();
}

export async function statusWebhooks(db: Database, transactionId: string) {
  return db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.transactionId, transactionId), eq(webhookEvents.kind, "status_change")))
    .orderBy(webhookEvents.createdAt);
}

export async function timeline(db: Database, transactionId: string) {
  const rows = await db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, transactionId)).orderBy(transactionEvents.createdAt);
  return rows.map((r) => `${r.fromStatus ?? "-"}>${r.toStatus}`);
}
