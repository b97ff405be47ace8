import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bulkPayoutBatches, transactions, type Mode } from "../../db/schema";
import type { TransactionStatus } from "../../vocabulary";

/** The dashboard's idempotency keys start so (trpc/routers/bulk-payouts.ts); any other batch came through the API. */
export const DASHBOARD_KEY_PREFIX = "dash_";

export interface BulkBatchSummary {
  id: string;
  createdAt: Date;
  total: number;
  accepted: number;
  rejected: number;
  source: "dashboard" | "api";
  /** The accepted payouts by current status. */
  statuses: Record<TransactionStatus, number>;
}

/**
 * The merchant's latest bulk payout batches of this mode, newest first, whether sent from
 * the dashboard or with POST /api/v1/merchant/payouts/bulk, each with its payouts counted
 * by current status (one grouped read on the bulk_batch_id index).
 */
export async function listBulkBatches(db: DbOrTx, input: { merchantId: string; mode: Mode; limit: number }): Promise<BulkBatchSummary[]> {
  const batches = await db
    .select()
    .from(bulkPayoutBatches)
    .where(and(eq(bulkPayoutBatches.merchantId, input.merchantId), eq(bulkPayoutBatches.mode, input.mode)))
    .orderBy(desc(bulkPayoutBatches.createdAt))
    .limit(input.limit);
  if (!batches.length) return [];
  const counts = await db
    .select({ batch: transactions.bulkBatchId, status: transactions.status, n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(
      and(
        inArray(
          transactions.bulkBatchId,
          batches.map((b) => b.id),
        ),
        eq(transactions.merchantId, input.merchantId),
      ),
    )
    .groupBy(transactions.bulkBatchId, transactions.status);
  return batches.map((b) => {
    const statuses: Record<TransactionStatus, number> = { pending: 0, successful: 0, failed: 0, cancelled: 0 };
    for (const c of counts) if (c.batch === b.id) statuses[c.status] = Number(c.n);
    return {
      id: b.id,
      createdAt: b.createdAt,
      total: b.itemCount,
      accepted: b.acceptedCount,
      rejected: b.rejectedCount,
      source: b.idempotencyKey?.startsWith(DASHBOARD_KEY_PREFIX) ? "dashboard" : "api",
      statuses,
    };
  });
}
