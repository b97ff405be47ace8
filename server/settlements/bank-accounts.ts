import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { bankAccounts, merchants, type BankAccount, type Mode } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { findCountry, findCurrencyLimits, coverage } from "../catalog/coverage";
import { recordAudit, type AuditActor } from "../audit/record";
import { checkBankNumber, maskAccount } from "./bank-formats";

/**
 * Bank accounts for settlements (issue 21). Registered by the merchant (owner), in the
 * country's format; pending until an operator verifies (or rejects, with a reason) each
 * one in the console; both decisions go to the audit log. Only a verified account can
 * receive a settlement.
 */
export interface AddBankAccountInput {
  merchantId: string;
  mode: Mode;
  holderName: string;
  bankName: string;
  countryCode: string;
  currency?: string | null;
  accountNumber: string;
  branchCode?: string | null;
  bankCode?: string | null;
  actor: AuditActor;
}

export async function addBankAccount(db: DbOrTx, input: AddBankAccountInput): Promise<BankAccount> {
  const country = findCountry(input.countryCode);
  if (!country) throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
  const limits = input.currency ? findCurrencyLimits(country, input.currency) : country.currencies[0];
  if (!limits) throw fieldError("currency", `The currency field must be one of: ${country.currencies.map((c) => c.currency).join(", ")}.`);
  const holder = input.holderName.trim();
  const bank = input.bankName.trim();
  if (!holder || holder.length > 140) throw fieldError("holder_name", "The holder_name field is required (at most 140 characters).");
  if (!bank || bank.length > 140) throw fieldError("bank_name", "The bank_name field is required (at most 140 characters).");
  const bankCode = input.bankCode?.trim().toUpperCase() || null;
  if (bankCode && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bankCode)) throw fieldError("bank_code", "The bank_code field must be a SWIFT/BIC code (8 or 11 characters).");
  const checked = checkBankNumber(country.code, input.accountNumber, input.branchCode);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        id: newId("bankAccount"),
        merchantId: input.merchantId,
        mode: input.mode,
        holderName: holder,
        bankName: bank,
        countryCode: country.code,
        currency: limits.currency,
        format: checked.format,
        accountNumber: checked.accountNumber,
        branchCode: checked.branchCode,
        bankCode,
      })
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      actor: input.actor,
      action: "bank_account.added",
      target: { type: "bank_account", id: row.id },
      after: { bank: row.bankName, country: row.countryCode, currency: row.currency, account: maskAccount(row.accountNumber) },
    });
    return row;
  });
}

export async function listBankAccounts(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<BankAccount[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.merchantId, input.merchantId), eq(bankAccounts.mode, input.mode)))
    .orderBy(desc(bankAccounts.createdAt));
}

export async function findBankAccount(db: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<BankAccount> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, input.id), eq(bankAccounts.merchantId, input.merchantId), eq(bankAccounts.mode, input.mode)))
    .limit(1);
  if (!row) throw errors.notFound("Bank account not found");
  return row;
}

/** Operator console: accounts waiting for verification, oldest first, with the merchant's name. */
export async function pendingBankAccounts(db: DbOrTx) {
  return db
    .select({ account: bankAccounts, merchantName: merchants.name })
    .from(bankAccounts)
    .innerJoin(merchants, eq(merchants.id, bankAccounts.merchantId))
    .where(eq(bankAccounts.status, "pending"))
    .orderBy(asc(bankAccounts.createdAt))
    .limit(200);
}

/** The operator's decision on a pending account, with the audit row in the same transaction. */
export async function reviewBankAccount(
  db: DbOrTx,
  input: { id: string; decision: "verify" | "reject"; reason?: string | null; operator: { id: string; email: string } },
): Promise<BankAccount> {
  const reason = input.reason?.trim() || null;
  if (input.decision === "reject" && !reason) throw fieldError("reason", "Give the reason the merchant will read.");
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, input.id)).for("update").limit(1);
    if (!current) throw errors.notFound("Bank account not found");
    if (current.status !== "pending") throw new AppError("conflict", `Bank account is already ${current.status}`);
    const now = new Date();
    const status = input.decision === "verify" ? "verified" : "rejected";
    const [row] = await tx
      .update(bankAccounts)
      .set({ status, reviewedBy: input.operator.id, reviewedAt: now, rejectionReason: reason, updatedAt: now })
      .where(eq(bankAccounts.id, input.id))
      .returning();
    await recordAudit(tx, {
      merchantId: row.merchantId,
      mode: row.mode,
      actor: { type: "operator", id: input.operator.id, label: input.operator.email },
      action: input.decision === "verify" ? "bank_account.verified" : "bank_account.rejected",
      target: { type: "bank_account", id: row.id },
      before: { status: "pending" },
      after: { status, ...(reason ? { reason } : {}) },
    });
    return row;
  });
}

export function bankAccountView(a: BankAccount) {
  return {
    id: a.id,
    holder_name: a.holderName,
    bank_name: a.bankName,
    country_code: a.countryCode,
    currency: a.currency,
    format: a.format,
    account_number: maskAccount(a.accountNumber),
    branch_code: a.branchCode,
    status: a.status,
    rejection_reason: a.rejectionReason,
    created_at: a.createdAt.toISOString(),
  };
}
