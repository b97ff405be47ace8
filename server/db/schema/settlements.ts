import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts";
import { createdAt, modeEnum, money, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";
import { SETTLEMENT_FREQUENCIES, SETTLEMENT_STATUSES } from "../../vocabulary";

export const settlementStatusEnum = pgEnum("settlement_status", SETTLEMENT_STATUSES);
export const settlementFrequencyEnum = pgEnum("settlement_frequency", SETTLEMENT_FREQUENCIES);

/**
 * Settlements to the bank (issue 21, `st_`). `amount + fee = total` is reserved from the
 * wallet when requested (ledger `settlement_reserve`), then either settled when the
 * operator marks the transfer paid (`settlement_settle`) or given back when rejected
 * (`settlement_release`), like a payout.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    bankAccountId: text("bank_account_id").notNull().references(() => bankAccounts.id),
    status: settlementStatusEnum("status").notNull().default("pending"),
    amount: money("amount").notNull(),
    fee: money("fee").notNull(),
    total: money("total").notNull(),
    currency: text("currency").notNull(),
    /** `dashboard`, `api` or `schedule`. */
    source: text("source").notNull(),
    bankReference: text("bank_reference"),
    rejectionReason: text("rejection_reason"),
    exportedAt: ts("exported_at"),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: ts("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("settlements_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc()),
    index("settlements_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("settlements_total_is_sum", sql`${t.total} = ${t.amount} + ${t.fee}`),
    check("settlements_amount_positive", sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * Automatic settlements: per (merchant, mode, currency), daily or weekly, the available
 * balance above `threshold` (less the fee) goes to the verified bank account.
 */
export const settlementSchedules = pgTable(
  "settlement_schedules",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    currency: text("currency").notNull(),
    bankAccountId: text("bank_account_id").notNull().references(() => bankAccounts.id),
    frequency: settlementFrequencyEnum("frequency").notNull(),
    /** Weekly: ISO weekday 1 (Monday) to 7. */
    weekday: integer("weekday"),
    /** Settle only when the available balance is above this (hundredths). */
    threshold: money("threshold").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    nextRunAt: ts("next_run_at").notNull(),
    lastRunAt: ts("last_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("settlement_schedules_unique").on(t.merchantId, t.mode, t.currency),
    index("settlement_schedules_due_idx").on(t.nextRunAt).where(sql`${t.enabled}`),
  ],
);

export type Settlement = typeof settlements.$inferSelect;
export type SettlementSchedule = typeof settlementSchedules.$inferSelect;
