import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";
import { BANK_ACCOUNT_STATUSES } from "../../vocabulary";

export const bankAccountStatusEnum = pgEnum("bank_account_status", BANK_ACCOUNT_STATUSES);

/**
 * A merchant's bank account for settlements (issue 21, `ba_`), per mode. The number is
 * stored as checked for the country's format (server/settlements/bank-formats.ts):
 * an IBAN/RIB in UEMOA and CEMAC, an account number and a branch code in KE, UG, TZ, RW.
 * Usable only once an operator has verified it.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    holderName: text("holder_name").notNull(),
    bankName: text("bank_name").notNull(),
    countryCode: text("country_code").notNull(),
    currency: text("currency").notNull(),
    /** `iban` (UEMOA/CEMAC RIB as IBAN) or `account_branch` (East Africa). */
    format: text("format").notNull(),
    accountNumber: text("account_number").notNull(),
    branchCode: text("branch_code"),
    /** SWIFT/BIC, optional. */
    bankCode: text("bank_code"),
    status: bankAccountStatusEnum("status").notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id),
    reviewedAt: ts("reviewed_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bank_accounts_merchant_idx").on(t.merchantId, t.mode), index("bank_accounts_status_idx").on(t.status)],
);

export type BankAccount = typeof bankAccounts.$inferSelect;
