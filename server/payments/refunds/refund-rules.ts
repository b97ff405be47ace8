import { and, eq, notInArray, sql } from "drizzle-orm";
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
