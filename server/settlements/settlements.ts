import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { bankAccounts, merchants, settlements, type BankAccount, type Mode, type Settlement } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { computeFee, toAmount, toMinor, type Minor } from "../money";
import { NegativeBalanceError, postTransfer } from "../ledger/transfers";
import { findWallet, lockWallet } from "../ledger/wallets";
import { getFeeRule, ANY_NETWORK } from "../fees/schedule";
import { requireWholeUnits } from "../fees/amount-rules";
import { getMerchant } from "../merchants/create-merchant";
import { recordAudit, type AuditActor } from "../audit/record";
import { findBankAccount } from "./bank-accounts";
import { maskAccount } from "./bank-formats";
import { enqueueSettlementEvent } from "./events";

/**
 * Settlements to the bank (issue 21), a payout's two-phase pattern on the ledger:
 *  requested  settlement_reserve  available -total, in_flight +total   (total = amount + fee)
 *  paid       settlement_settle   in_flight -total, network +amount, fees +fee
 *  rejected   settlement_release  in_flight -total, available +total
 * The wallet's CHECK constraints refuse a reservation the balance cannot cover (400, as a
 * payout). Every status change writes its webhook event in the same transaction.
 */
export type SettlementSource = "dashboard" | "api" | "schedule";

export function insufficientForSettlement(data: { required_amount: number; available_balance: number; currency: string }): AppError {
  return new AppError("insufficient_balance", "Insufficient balance for settlement", data);
}

/** The fee of the schedule's `settlement` direction for the account's country and currency. */
export async function settlementFee(db: DbOrTx, account: Pick<BankAccount, "countryCode" | "currency">, amount: Minor): Promise<Minor> {
  const rule = await getFeeRule(db, { direction: "settlement", countryCode: account.countryCode, network: ANY_NETWORK, currency: account.currency });
  return computeFee(amount, rule.rateBps, rule.fixedAmount, account.currency);
}

export interface RequestSettlementInput {
  merchantId: string;
  mode: Mode;
  bankAccountId: string;
  amount: Minor;
  source: SettlementSource;
  actor: AuditActor;
}

export async function requestSettlement(db: DbOrTx, input: RequestSettlementInput): Promise<Settlement> {
  const account = await findBankAccount(db, { merchantId: input.merchantId, mode: input.mode, id: input.bankAccountId });
  if (account.status !== "verified") throw fieldError("bank_account_id", "The bank account must be verified by Sika before it can receive settlements.");
  if (input.amount <= 0n) throw fieldError("amount", "The amount field must be greater than 0.");
  requireWholeUnits("amount", input.amount, account.currency);
  if (input.mode === "live") {
    const merchant = await getMerchant(db, input.merchantId);
    if (merchant?.kycStatus !== "approved") throw new AppError("kyc_required", "KYC approval required for live settlements");
  }
  const fee = await settlementFee(db, account, input.amount);
  const total = input.amount + fee;
  return db.transaction(async (tx) => {
    const found = await findWallet(tx, { merchantId: input.merchantId, mode: input.mode, currency: account.currency });
    // Locked: the balance read for the answer is the one the reservation meets (the CHECK stays the real guard).
    const wallet = found ? await lockWallet(tx, found.id) : undefined;
    const cannot = () => insufficientForSettlement({ required_amount: toAmount(total), available_balance: toAmount(wallet?.available ?? 0n), currency: account.currency });
    if (!wallet || wallet.available < total) throw cannot();
    const id = newId("settlement");
    const [row] = await tx
      .insert(settlements)
      .values({ id, merchantId: input.merchantId, mode: input.mode, bankAccountId: account.id, amount: input.amount, fee, total, currency: account.currency, source: input.source })
      .returning();
    try {
      await postTransfer(tx, {
        merchantId: input.merchantId,
        mode: input.mode,
        currency: account.currency,
        walletId: wallet.id,
        kind: "settlement_reserve",
        transactionId: id,
        description: `Settlement to ${account.bankName} ${maskAccount(account.accountNumber)}`,
        legs: [
          { account: "available", amount: -total },
          { account: "in_flight", amount: total },
        ],
      });
    } catch (err) {
      if (err instanceof NegativeBalanceError) throw cannot();
      throw err;
    }
    await enqueueSettlementEvent(tx, row, account);
    await recordAudit(tx, { merchantId: input.merchantId, mode: input.mode, actor: input.actor, action: "settlement.requested", target: { type: "settlement", id }, after: { amount: toAmount(input.amount), fee: toAmount(fee), currency: account.currency, source: input.source } });
    return row;
  });
}

/** API and dashboard amounts (major units, at most 2 decimals) to hundredths. */
export function settlementAmount(amount: number | string): Minor {
  const m = toMinor(amount);
  if (m === null || m <= 0n) throw fieldError("amount", "The amount field must be a positive amount with at most 2 decimals.");
  return m;
}

/**
 * The operator's decision on a pending settlement: `paid` with the bank's reference (the
 * reserved total leaves: amount to the bank, fee to Sika) or `rejected` with a reason (the
 * total goes back to the available balance). Exactly once: a decided settlement is a 409.
 */
export async function decideSettlement(
  db: DbOrTx,
  input: { id: string; decision: "paid" | "rejected"; bankReference?: string | null; reason?: string | null; operator: { id: string; email: string } },
): Promise<Settlement> {
  const reference = input.bankReference?.trim() || null;
  const reason = input.reason?.trim() || null;
  if (input.decision === "paid" && (!reference || reference.length > 100)) throw fieldError("bank_reference", "Give the bank's transfer reference (at most 100 characters).");
  if (input.decision === "rejected" && (!reason || reason.length > 500)) throw fieldError("reason", "Give the reason the merchant will read (at most 500 characters).");
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(settlements).where(eq(settlements.id, input.id)).for("update").limit(1);
    if (!current) throw errors.notFound("Settlement not found");
    if (current.status !== "pending") throw new AppError("conflict", `Settlement is already ${current.status}`);
    const wallet = await findWallet(tx, current);
    if (!wallet) throw new Error(`settlement ${current.id} has no wallet`);
    const now = new Date();
    const [row] = await tx
      .update(settlements)
      .set({ status: input.decision, bankReference: reference, rejectionReason: reason, decidedBy: input.operator.id, decidedAt: now, updatedAt: now })
      .where(eq(settlements.id, current.id))
      .returning();
    const base = { merchantId: row.merchantId, mode: row.mode, currency: row.currency, walletId: wallet.id, transactionId: row.id };
    if (input.decision === "paid") {
      await postTransfer(tx, {
        ...base,
        kind: "settlement_settle",
        reference,
        legs: [
          { account: "in_flight", amount: -row.total },
          { account: "network", amount: row.amount },
          { account: "fees", amount: row.fee },
        ],
      });
    } else {
      await postTransfer(tx, {
        ...base,
        kind: "settlement_release",
        description: `Settlement rejected: ${reason}`,
        legs: [
          { account: "in_flight", amount: -row.total },
          { account: "available", amount: row.total },
        ],
      });
    }
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId)).limit(1);
    await enqueueSettlementEvent(tx, row, account);
    await recordAudit(tx, {
      merchantId: row.merchantId,
      mode: row.mode,
      actor: { type: "operator", id: input.operator.id, label: input.operator.email },
      action: input.decision === "paid" ? "settlement.paid" : "settlement.rejected",
      target: { type: "settlement", id: row.id },
      before: { status: "pending" },
      after: { status: row.status, ...(reference ? { bank_reference: reference } : {}), ...(reason ? { reason } : {}) },
    });
    return row;
  });
}

export async function getSettlement(db: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<{ settlement: Settlement; account: BankAccount }> {
  const [row] = await db
    .select({ settlement: settlements, account: bankAccounts })
    .from(settlements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, settlements.bankAccountId))
    .where(and(eq(settlements.id, input.id), eq(settlements.merchantId, input.merchantId), eq(settlements.mode, input.mode)))
    .limit(1);
  if (!row) throw errors.notFound("Settlement not found");
  return row;
}

export async function listSettlements(db: DbOrTx, input: { merchantId: string; mode: Mode; limit: number; startingAfter?: string | null }) {
  const where = [eq(settlements.merchantId, input.merchantId), eq(settlements.mode, input.mode)];
  if (input.startingAfter) where.push(lt(settlements.id, input.startingAfter));
  return db
    .select({ settlement: settlements, account: bankAccounts })
    .from(settlements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, settlements.bankAccountId))
    .where(and(...where))
    .orderBy(desc(settlements.id))
    .limit(input.limit);
}

/** Operator console: every pending settlement (both modes), oldest first, with bank and merchant. */
export async function pendingSettlements(db: DbOrTx) {
  return db
    .select({ settlement: settlements, account: bankAccounts, merchantName: merchants.name })
    .from(settlements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, settlements.bankAccountId))
    .innerJoin(merchants, eq(merchants.id, settlements.merchantId))
    .where(eq(settlements.status, "pending"))
    .orderBy(asc(settlements.createdAt))
    .limit(500);
}

export function settlementView(s: Settlement, account: BankAccount) {
  return {
    id: s.id,
    status: s.status,
    amount: toAmount(s.amount),
    fee: toAmount(s.fee),
    total: toAmount(s.total),
    currency: s.currency,
    bank_account: { id: account.id, bank_name: account.bankName, holder_name: account.holderName, country_code: account.countryCode, account_number: maskAccount(account.accountNumber) },
    source: s.source as SettlementSource,
    bank_reference: s.bankReference,
    rejection_reason: s.rejectionReason,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    decided_at: s.decidedAt?.toISOString() ?? null,
  };
}
