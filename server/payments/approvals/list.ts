import { and, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bulkPayoutBatches, payoutApprovals, transactions, type Mode } from "../../db/schema";
import type { PayoutApprovalStatus } from "../../vocabulary";

/**
 * Held payouts and bulk batches for the Payouts page, newest first. A row whose payouts
 * were never written (its reservation refused: `void`, or lost in a crash between the two
 * commits) is not listed.
 */
export interface ApprovalListRow {
  id: string;
  status: PayoutApprovalStatus;
  source: string;
  transactionId: string | null;
  bulkBatchId: string | null;
  beneficiary: string | null;
  phoneNumber: string | null;
  itemCount: number;
  currency: string;
  amount: bigint;
  requestedById: string | null;
  requestedByType: string;
  requestedByLabel: string;
  decidedByLabel: string | null;
  decidedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
}

export async function listApprovals(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; status?: PayoutApprovalStatus; limit?: number },
): Promise<ApprovalListRow[]> {
  return db
    .select({
      id: payoutApprovals.id,
      status: payoutApprovals.status,
      source: payoutApprovals.source,
      transactionId: payoutApprovals.transactionId,
      bulkBatchId: payoutApprovals.bulkBatchId,
      beneficiary: transactions.beneficiary,
      phoneNumber: transactions.phoneNumber,
      itemCount: payoutApprovals.itemCount,
      currency: payoutApprovals.currency,
      amount: payoutApprovals.amount,
      requestedById: payoutApprovals.requestedById,
      requestedByType: payoutApprovals.requestedByType,
      requestedByLabel: payoutApprovals.requestedByLabel,
      decidedByLabel: payoutApprovals.decidedByLabel,
      decidedAt: payoutApprovals.decidedAt,
      rejectionReason: payoutApprovals.rejectionReason,
      createdAt: payoutApprovals.createdAt,
    })
    .from(payoutApprovals)
    .leftJoin(transactions, eq(transactions.id, payoutApprovals.transactionId))
    .leftJoin(bulkPayoutBatches, eq(bulkPayoutBatches.id, payoutApprovals.bulkBatchId))
    .where(
      and(
        eq(payoutApprovals.merchantId, input.merchantId),
        eq(payoutApprovals.mode, input.mode),
        input.status ? eq(payoutApprovals.status, input.status) : ne(payoutApprovals.status, "void"),
        or(isNotNull(transactions.id), and(isNotNull(bulkPayoutBatches.id), sql`exists (select 1 from ${transactions} where ${transactions.bulkBatchId} = ${payoutApprovals.bulkBatchId})`)),
      ),
    )
    .orderBy(desc(payoutApprovals.createdAt), desc(payoutApprovals.id))
    .limit(input.limit ?? 50);
}

/** Which of these transactions wait for approval (the dashboard's "Awaiting approval" badge). */
export async function awaitingApprovalIds(db: DbOrTx, input: { merchantId: string; ids: string[] }): Promise<Set<string>> {
  if (!input.ids.length) return new Set();
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, input.merchantId),
        eq(transactions.status, "pending"),
        sql`${transactions.id} in (${sql.join(input.ids.map((id) => sql`${id}`), sql`, `)})`,
        sql`${transactions.nextCheckAt} is null and ${transactions.expiresAt} is null`,
        sql`exists (select 1 from ${payoutApprovals} a where a.status = 'awaiting_approval' and (a.transaction_id = ${transactions.id} or a.bulk_batch_id = ${transactions.bulkBatchId}))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Whether a bulk batch waits for a second owner. */
export async function batchAwaitingApproval(db: DbOrTx, input: { merchantId: string; batchId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutApprovals.id })
    .from(payoutApprovals)
    .where(and(eq(payoutApprovals.merchantId, input.merchantId), eq(payoutApprovals.bulkBatchId, input.batchId), eq(payoutApprovals.status, "awaiting_approval")))
    .limit(1);
  return Boolean(row);
}
