import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { transactions, type Mode } from "../../db/schema";
import { errors } from "../../errors";
import { toAmount } from "../../money";
import { transactionStatusView, type TransactionStatusView } from "../api-views";
import { findTransaction } from "../get-transaction";
import { refundableOf, refundedSoFar } from "./refund-rules";

export interface RefundList {
  /** The payin. */
  transaction_id: string;
  currency: string;
  amount: number;
  /** Sum of the refunds that are not failed or cancelled (pending ones included). */
  refunded_amount: number;
  /** What a new refund may still take; 0 unless the payin is successful. */
  refundable_amount: number;
  /** Oldest first, each in the 2.3 shape (type `refund`). */
  refunds: TransactionStatusView[];
}

/** GET /api/v1/merchant/transactions/{id}/refunds (D16): a payin's refunds, scoped by merchant and mode (404 otherwise). */
export async function listRefunds(db: DbOrTx, input: { merchantId: string; mode: Mode; transactionId: string }): Promise<RefundList> {
  const payin = await findTransaction(db, { merchantId: input.merchantId, mode: input.mode, id: input.transactionId });
  if (!payin) throw errors.transactionNotFound();
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.refundOf, payin.id), eq(transactions.merchantId, input.merchantId), eq(transactions.mode, input.mode)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const refunded = await refundedSoFar(db, payin.id);
  return {
    transaction_id: payin.id,
    currency: payin.currency,
    amount: toAmount(payin.amount),
    refunded_amount: toAmount(refunded),
    refundable_amount: toAmount(refundableOf(payin, refunded)),
    refunds: rows.map(transactionStatusView),
  };
}
