import { and, eq, lte, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { settlementSchedules, type Mode, type SettlementSchedule } from "../db/schema";
import { AppError, fieldError } from "../errors";
import { newId } from "../ids";
import { currencyUnitMinor, type Minor } from "../money";
import { findWallet } from "../ledger/wallets";
import { logger } from "../logger";
import type { SettlementFrequency } from "../vocabulary";
import { findBankAccount } from "./bank-accounts";
import { requestSettlement, settlementFee } from "./settlements";

/**
 * Automatic settlements (issue 21): per (merchant, mode, currency), daily or weekly at
 * 06:00 UTC, when the available balance is at least `threshold`, the worker requests a
 * settlement of everything available (amount + fee = at most the balance) to the chosen
 * verified account. One schedule per currency; a run that cannot settle (account no longer
 * verified, balance moved) is logged and the next run is planned all the same.
 */
const RUN_HOUR_UTC = 6;

export function nextRunAfter(now: Date, frequency: SettlementFrequency, weekday: number | null): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  if (frequency === "weekly") {
    const isoDay = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1;
    while (isoDay(next) !== (weekday ?? 1)) next.setUTCDate(next.getUTCDate() + 1);
  }
  return next;
}

export interface ScheduleInput {
  merchantId: string;
  mode: Mode;
  bankAccountId: string;
  frequency: SettlementFrequency;
  weekday?: number | null;
  threshold: Minor;
  enabled: boolean;
}

export async function saveSettlementSchedule(db: DbOrTx, input: ScheduleInput): Promise<SettlementSchedule> {
  const account = await findBankAccount(db, { merchantId: input.merchantId, mode: input.mode, id: input.bankAccountId });
  if (account.status !== "verified") throw fieldError("bank_account_id", "The bank account must be verified by Sika before it can receive settlements.");
  if (input.threshold < 0n) throw fieldError("threshold", "The threshold must be 0 or more.");
  const weekday = input.frequency === "weekly" ? (input.weekday ?? 1) : null;
  if (weekday !== null && (!Number.isInteger(weekday) || weekday < 1 || weekday > 7)) throw fieldError("weekday", "The weekday must be 1 (Monday) to 7 (Sunday).");
  const values = {
    bankAccountId: account.id,
    frequency: input.frequency,
    weekday,
    threshold: input.threshold,
    enabled: input.enabled,
    nextRunAt: nextRunAfter(new Date(), input.frequency, weekday),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(settlementSchedules)
    .values({ id: newId("settlementSchedule"), merchantId: input.merchantId, mode: input.mode, currency: account.currency, ...values })
    .onConflictDoUpdate({ target: [settlementSchedules.merchantId, settlementSchedules.mode, settlementSchedules.currency], set: values })
    .returning();
  return row;
}

export async function listSettlementSchedules(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<SettlementSchedule[]> {
  return db.select().from(settlementSchedules).where(and(eq(settlementSchedules.merchantId, input.merchantId), eq(settlementSchedules.mode, input.mode)));
}

/** The most that can leave: amount + fee(amount) <= available, in whole units of the currency. */
export async function settleableAmount(db: DbOrTx, account: { countryCode: string; currency: string }, available: Minor): Promise<Minor> {
  const unit = currencyUnitMinor(account.currency);
  let amount = available - (await settlementFee(db, account, available));
  amount -= amount % unit;
  while (amount > 0n && amount + (await settlementFee(db, account, amount)) > available) amount -= unit;
  return amount > 0n ? amount : 0n;
}

/** The worker job: due schedules, each claimed with SKIP LOCKED and moved to its next run in the same transaction. */
export async function runDueSettlementSchedules(db: Database, now = new Date()): Promise<number> {
  let handled = 0;
  for (let i = 0; i < 20; i++) {
    const ran = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(settlementSchedules)
        .where(and(eq(settlementSchedules.enabled, true), lte(settlementSchedules.nextRunAt, now)))
        .orderBy(settlementSchedules.nextRunAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      await tx
        .update(settlementSchedules)
        .set({ nextRunAt: nextRunAfter(now, due.frequency, due.weekday), lastRunAt: sql`now()`, updatedAt: new Date() })
        .where(eq(settlementSchedules.id, due.id));
      try {
        const wallet = await findWallet(tx, due);
        const account = await findBankAccount(tx, { merchantId: due.merchantId, mode: due.mode, id: due.bankAccountId });
        if (!wallet || wallet.available < due.threshold || wallet.available <= 0n) return true;
        const amount = await settleableAmount(tx, account, wallet.available);
        if (amount <= 0n) return true;
        await requestSettlement(tx, { merchantId: due.merchantId, mode: due.mode, bankAccountId: due.bankAccountId, amount, source: "schedule", actor: { type: "system", label: "settlement schedule" } });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        logger().warn({ scheduleId: due.id, merchantId: due.merchantId, reason: err.message }, "automatic settlement skipped");
      }
      return true;
    });
    if (!ran) break;
    handled++;
  }
  return handled;
}
