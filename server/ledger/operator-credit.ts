import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, operatorCredits, type Mode } from "../db/schema";
import { fieldError, errors } from "../errors";
import { type Minor } from "../money";
import { postTransfer } from "./transfers";
import { getOrCreateWallet } from "./wallets";

export interface OperatorCreditInput {
  merchantId: string;
  mode: Mode;
  currency: string;
  amount: Minor;
  reference: string;
  reason: string;
  createdBy?: string | null;
}

export interface OperatorCreditResult {
  transferId: string;
  walletId: string;
  available: Minor;
  /** False when this reference had already been credited to the wallet (nothing moved). */
  created: boolean;
}

/**
 * Funds a wallet from the service's funding account. Idempotent per (wallet, reference):
 * a repeated reference returns the first credit and moves no money.
 */
export async function creditWallet(db: Database, input: OperatorCreditInput): Promise<OperatorCreditResult> {
  if (input.amount <= 0n) throw fieldError("amount", "The amount field must be greater than 0.");
  if (!input.reference.trim()) throw fieldError("reference", "The reference field is required.");
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw errors.notFound("Merchant not found");
    const wallet = await getOrCreateWallet(tx, input);
    const [previous] = await tx
      .select()
      .from(operatorCredits)
      .where(and(eq(operatorCredits.walletId, wallet.id), eq(operatorCredits.reference, input.reference)));
    if (previous) {
      return { transferId: previous.transferId, walletId: wallet.id, available: wallet.available, created: false };
    }
    const posted = await postTransfer(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      currency: wallet.currency,
      walletId: wallet.id,
      kind: "operator_credit",
      legs: [
        { account: "available", amount: input.amount },
        { account: "funding", amount: -input.amount },
      ],
      reference: input.reference,
      description: input.reason,
    });
    await tx.insert(operatorCredits).values({
      transferId: posted.transferId,
      walletId: wallet.id,
      amount: input.amount,
      reference: input.reference,
      reason: input.reason,
      createdBy: input.createdBy ?? null,
    });
    return { transferId: posted.transferId, walletId: wallet.id, available: posted.available, created: true };
  });
}
