import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { ledgerEntries, wallets, type LedgerAccount, type LedgerKind, type Mode } from "../db/schema";
import { newId } from "../ids";
import type { Minor } from "../money";

/**
 * Double-entry postings. A transfer is a set of legs that sums to zero; wallet legs
 * (available, in_flight) also move the wallet's stored balance in the same statement,
 * and the wallets table's CHECK constraints refuse any leg that would go below zero.
 * Call inside a database transaction.
 */
export interface Leg {
  account: LedgerAccount;
  /** + credit, - debit (hundredths). */
  amount: Minor;
}

export interface TransferInput {
  merchantId: string;
  mode: Mode;
  currency: string;
  walletId: string;
  kind: LedgerKind;
  legs: Leg[];
  transactionId?: string | null;
  reference?: string | null;
  description?: string | null;
}

export class NegativeBalanceError extends Error {
  constructor() {
    super("a wallet balance would go below zero");
    this.name = "NegativeBalanceError";
  }
}

const WALLET_ACCOUNTS = new Set<LedgerAccount>(["available", "in_flight"]);

export function isCheckViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23514") return true;
  }
  return false;
}

export interface PostedTransfer {
  transferId: string;
  /** The wallet's balances after the transfer. */
  available: Minor;
  inFlight: Minor;
}

export async function postTransfer(tx: DbOrTx, input: TransferInput): Promise<PostedTransfer> {
  const total = input.legs.reduce((s, l) => s + l.amount, 0n);
  if (total !== 0n) throw new Error(`unbalanced transfer (${total})`);
  const transferId = newId("ledgerTransfer");

  let availableDelta = 0n;
  let inFlightDelta = 0n;
  for (const leg of input.legs) {
    if (leg.account === "available") availableDelta += leg.amount;
    if (leg.account === "in_flight") inFlightDelta += leg.amount;
  }
  let balances = { available: 0n, inFlight: 0n };
  {
    try {
      const updated = await tx
        .update(wallets)
        .set({
          available: sql`${wallets.available} + ${availableDelta}`,
          inFlight: sql`${wallets.inFlight} + ${inFlightDelta}`,
          updatedAt: new Date(),
        })
        .where(eq(wallets.id, input.walletId))
        .returning({ available: wallets.available, inFlight: wallets.inFlight });
      if (updated.length !== 1) throw new Error(`wallet ${input.walletId} not found`);
      balances = updated[0];
    } catch (err) {
      if (isCheckViolation(err)) throw new NegativeBalanceError();
      throw err;
    }
  }

  await tx.insert(ledgerEntries).values(
    input.legs
      .filter((l) => l.amount !== 0n)
      .map((leg) => ({
        id: newId("ledgerEntry"),
        transferId,
        merchantId: input.merchantId,
        mode: input.mode,
        currency: input.currency,
        walletId: WALLET_ACCOUNTS.has(leg.account) ? input.walletId : null,
        account: leg.account,
        kind: input.kind,
        amount: leg.amount,
        transactionId: input.transactionId ?? null,
        reference: input.reference ?? null,
        description: input.description ?? null,
      })),
  );
  return { transferId, ...balances };
}
