import type { DbOrTx } from "../db/client";
import type { Mode, Transaction } from "../db/schema";
import { refundedByPayin } from "../payments/refunds/refund-rules";
import { awaitingApprovalIds } from "../payments/approvals/list";
import { transactionView, type TransactionRowView } from "./dashboard-views";

/**
 * Dashboard rows of these transactions with, for the successful payins among them, what
 * successful refunds returned (one grouped read), so a list says "Refunded" or
 * "Partially refunded" where the status alone says "Successful", and, for pending payouts,
 * whether they wait for a second owner's approval (issue 22).
 */
export async function transactionRows(
  db: DbOrTx,
  scope: { merchantId: string; mode: Mode },
  rows: Transaction[],
): Promise<Array<TransactionRowView & { awaitingApproval: boolean }>> {
  const payinIds = rows.filter((r) => r.type === "payin" && r.status === "successful").map((r) => r.id);
  const heldIds = rows.filter((r) => r.type === "payout" && r.status === "pending").map((r) => r.id);
  const [refunded, held] = await Promise.all([
    refundedByPayin(db, { ...scope, payinIds }),
    heldIds.length ? awaitingApprovalIds(db, { merchantId: scope.merchantId, ids: heldIds }) : Promise.resolve(new Set<string>()),
  ]);
  return rows.map((t) => ({ ...transactionView(t, refunded), awaitingApproval: held.has(t.id) }));
}
