import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money } from "./columns";
import { merchants } from "./merchants";
import { wallets } from "./wallets";

/**
 * The accounts an entry can touch. `available` and `in_flight` belong to a wallet;
 * the others are the service's own accounts per (mode, currency) and may be negative
 * (`network` is the outside world: money that came in from or went out to a network).
 */
export const ledgerAccountEnum = pgEnum("ledger_account", ["available", "in_flight", "network", "fees", "funding"]);
export type LedgerAccount = (typeof ledgerAccountEnum.enumValues)[number];

export const ledgerKindEnum = pgEnum("ledger_kind", [
  "operator_credit",
  "payout_reserve",
  "payout_settle",
  "payout_release",
  "payin_settle",
  "settlement_reserve",
  "settlement_settle",
  "settlement_release",
]);
export type LedgerKind = (typeof ledgerKindEnum.enumValues)[number];

/**
 * Double-entry ledger, append-only (never updated or deleted). The entries of one
 * transfer share `transfer_id` and sum to zero; signed amounts: + credit, - debit.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    transferId: text("transfer_id").notNull(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    currency: text("currency").notNull(),
    /** Set for the wallet accounts (available, in_flight). */
    walletId: text("wallet_id").references(() => wallets.id),
    account: ledgerAccountEnum("account").notNull(),
    kind: ledgerKindEnum("kind").notNull(),
    amount: money("amount").notNull(),
    /** The payment this entry belongs to, when it belongs to one. */
    transactionId: text("transaction_id"),
    /** Operator credits: the external reference and reason. */
    reference: text("reference"),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_transfer_idx").on(t.transferId),
    index("ledger_entries_wallet_idx").on(t.walletId, t.createdAt),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    index("ledger_entries_merchant_idx").on(t.merchantId, t.mode, t.createdAt),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
