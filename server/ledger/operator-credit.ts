import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, operatorCredits, type Mode } from "../db/schema";
import { fieldError, errors } from "../errors";
import { type Minor } from "../money";
import { requireWholeUnits } from "../fees/amount-rules";
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

const REFERENCE_TAKEN = "The reference has already been credited to another wallet.";

/**
 * Funds a wallet from the service's funding account. References are unique across the
 * operator's whole ledger (issue 10 §6: one wire credited to two merchants is money out of
 * thin air): the same reference on the same wallet returns the first credit and moves no
 * money; on another wallet it is a 422 on `reference`.
 */
export async function creditWallet(db: Database, input: OperatorCreditInput): Promise<OperatorCreditResult> {
  if (input.amount <= 0n) throw fieldError("amount", "The amount field must be greater than 0.");
  requireWholeUnits("amount", input.amount, input.currency);
  if (!input.reference.trim()) throw fieldError("reference", "The reference field is required.");
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw errors.notFound("Merchant not found");
    const wallet = await getOrCreateWallet(tx, input);
    const [previous] = await tx
      .select()
      .from(operatorCredits)
      .where(eq(operatorCredits.reference, input.reference));
    if (previous && previous.walletId !== wallet.id) throw fieldError("reference", REFERENCE_TAKEN);
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
    await tx
      .insert(operatorCredits)
      .values({
        transferId: posted.transferId,
        walletId: wallet.id,
        amount: input.amount,
        reference: input.reference,
        reason: input.reason,
        createdBy: input.createdBy ?? null,
      })
      .catch((err: unknown) => {
        // A concurrent credit took the reference between our read and this insert.
        if (isUniqueViolation(err)) throw fieldError("reference", REFERENCE_TAKEN);
        throw err;
      });
    return { transferId: posted.transferId, walletId: wallet.id, available: posted.available, created: true };
  });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
