import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { users } from "./users";
import { wallets } from "./wallets";

/**
 * Manual credits by an operator (or the CLI). The reference (a wire or deposit reference)
 * is unique across the operator's whole ledger, not per wallet: running the same credit
 * twice does not fund a wallet twice, and one wire cannot fund two merchants.
 */
export const operatorCredits = pgTable(
  "operator_credits",
  {
    transferId: text("transfer_id").primaryKey(),
    walletId: text("wallet_id").notNull().references(() => wallets.id),
    amount: money("amount").notNull(),
    reference: text("reference").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("operator_credits_reference_unique").on(t.reference)],
);

export type OperatorCredit = typeof operatorCredits.$inferSelect;
