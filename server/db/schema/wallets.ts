import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * One wallet per (merchant, mode, currency). The two balances are the running sums of
 * the wallet's ledger accounts; the CHECK constraints make the database refuse any
 * change that would take either below zero, whatever the application does.
 */
export const wallets = pgTable(
  "wallets",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    currency: text("currency").notNull(),
    /** Spendable balance, hundredths. */
    available: money("available").notNull().default(sql`0`),
    /** Reserved by payouts not yet settled ("payouts in flight"), hundredths. */
    inFlight: money("in_flight").notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("wallets_merchant_mode_currency_unique").on(t.merchantId, t.mode, t.currency),
    check("wallets_available_non_negative", sql`${t.available} >= 0`),
    check("wallets_in_flight_non_negative", sql`${t.inFlight} >= 0`),
  ],
);

export type Wallet = typeof wallets.$inferSelect;
