import type { DbOrTx } from "../db/client";
import type { Mode, Transaction } from "../db/schema";
import { refundedByPayin } from "../payments/refunds/refund-rules";
import { transactionView, type TransactionRowView } from "./dashboard-views";

/**
 * Dashboard rows of these transactions with, for the successful payins among them, what
 * successful refunds returned (one grouped read), so a list says "Refunded" or
 * "Partially refunded" where the status alone says "Successful".
 */
export async function transactionRows(db: DbOrTx, scope: { merchantId: string; mode: Mode }, rows: Transaction[]): Promise<TransactionRowView[]> {
  const payinIds = rows.filter((r) => r.type === "payin" && r.status === "successful").map((r) => r.id);
  const refunded = await refundedByPayin(db, { ...scope, payinIds });
  return rows.map((t) => transactionView(t, refunded));
}
