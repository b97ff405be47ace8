import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { transactions, type Transaction } from "../../db/schema";
import type { Minor } from "../../money";
import { FINAL_TRANSACTION_STATUSES, type FinalTransactionStatus } from "../../vocabulary";

/**
 * The refundable-amount rule of D16: the refunds of a payin that are not failed (pending
 * or successful; a cancelled one returned its money like a failed one) never add up to
 * more than the payin's amount. Creation reads this with the payin row locked FOR UPDATE,
 * so two refunds of one payin are decided one after the other.
 */
export const RELEASED_STATUSES = FINAL_TRANSACTION_STATUSES.filter((s): s is Exclude<FinalTransactionStatus, "successful"> => s !== "successful");

export async function refundedSoFar(db: DbOrTx, payinId: string): Promise<Minor> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(and(eq(transactions.refundOf, payinId), notInArray(transactions.status, [...RELEASED_STATUSES])));
  return BigInt(row?.total ?? "0");
}

/** What is left to refund: nothing unless the payin succeeded. */
export function refundableOf(payin: Transaction, refunded: Minor): Minor {
  if (payin.type !== "payin" || payin.status !== "successful") return 0n;
  const left = payin.amount - refunded;
  return left > 0n ? left : 0n;
}

/**
 * For the dashboard's lists: the amount of each of these payins that successful refunds
 * returned (payins without one are absent), in one grouped read on the refund_of index.
 * "Refunded" / "Partially refunded" is what went back, not what is still on its way.
 */
export async function refundedByPayin(db: DbOrTx, input: { merchantId: string; mode: Transaction["mode"]; payinIds: string[] }): Promise<Map<string, Minor>> {
  if (!input.payinIds.length) return new Map();
  const rows = await db
    .select({ payin: transactions.refundOf, total: sql<string>`sum(${transactions.amount})::text` })
    .from(transactions)
    .where(
      and(
        inArray(transactions.refundOf, input.payinIds),
        eq(transactions.merchantId, input.merchantId),
        eq(transactions.mode, input.mode),
        eq(transactions.status, "successful"),
      ),
    )
    .groupBy(transactions.refundOf);
  return new Map(rows.map((r) => [r.payin!, BigInt(r.total)]));
}
