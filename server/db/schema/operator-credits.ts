import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { users } from "./users";
import { wallets } from "./wallets";

/**
 * Manual credits by an operator (or the CLI). The reference is unique per wallet, so
 * running the same credit twice does not fund a wallet twice.
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
  (t) => [uniqueIndex("operator_credits_wallet_reference_unique").on(t.walletId, t.reference)],
);

export type OperatorCredit = typeof operatorCredits.$inferSelect;
