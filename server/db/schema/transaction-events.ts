import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { transactionStatusEnum, transactions } from "./transactions";

/** The status timeline of a transaction (created, then each change), for the dashboard. */
export const transactionEvents = pgTable(
  "transaction_events",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id").notNull().references(() => transactions.id),
    fromStatus: transactionStatusEnum("from_status"),
    toStatus: transactionStatusEnum("to_status").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("transaction_events_tx_idx").on(t.transactionId, t.createdAt)],
);

export type TransactionEvent = typeof transactionEvents.$inferSelect;
