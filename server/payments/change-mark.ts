import { and, eq, max } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { transactions, webhookEvents, type Mode } from "../db/schema";

/**
 * A mark that moves whenever one of the merchant's transactions of this mode is created
 * (newest created_at) or changes status (every transition writes its status_change event
 * in the same commit, so the newest event's created_at). Both are read on the
 * (merchant_id, mode, created_at) indexes: two index lookups, whatever the history's size,
 * so the dashboard can ask every 2 seconds and reread its list only when the mark moves.
 */
export async function transactionsChangeMark(db: DbOrTx, scope: { merchantId: string; mode: Mode }): Promise<string> {
  const [[created], [changed]] = await Promise.all([
    db
      .select({ at: max(transactions.createdAt) })
      .from(transactions)
      .where(and(eq(transactions.merchantId, scope.merchantId), eq(transactions.mode, scope.mode))),
    db
      .select({ at: max(webhookEvents.createdAt) })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchantId, scope.merchantId), eq(webhookEvents.mode, scope.mode))),
  ]);
  return `${created?.at?.getTime() ?? 0}:${changed?.at?.getTime() ?? 0}`;
}
