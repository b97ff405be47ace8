import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { linkPayments, transactions, type Mode } from "../db/schema";
import { findPaymentLink } from "./links";

/** A link's payments for its dashboard page: newest first, each an ordinary payin with what the payer typed. */
export async function listLinkPayments(db: DbOrTx, input: { merchantId: string; mode: Mode; linkId: string; limit?: number }) {
  const link = await findPaymentLink(db, { merchantId: input.merchantId, mode: input.mode, id: input.linkId });
  return db
    .select({
      id: transactions.id,
      status: transactions.status,
      amount: transactions.amount,
      fee: transactions.fee,
      currency: transactions.currency,
      network: transactions.network,
      phoneNumber: transactions.phoneNumber,
      createdAt: transactions.createdAt,
      payerName: linkPayments.payerName,
      payerEmail: linkPayments.payerEmail,
      payerReference: linkPayments.payerReference,
    })
    .from(linkPayments)
    .innerJoin(transactions, eq(transactions.id, linkPayments.transactionId))
    .where(and(eq(linkPayments.paymentLinkId, link.id), eq(transactions.merchantId, input.merchantId), eq(transactions.mode, input.mode)))
    .orderBy(desc(transactions.createdAt))
    .limit(input.limit ?? 200);
}
