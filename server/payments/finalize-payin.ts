import type { Database } from "../db/client";
import { transactions } from "../db/schema";
import { eq } from "drizzle-orm";
import { errors } from "../errors";
import { connectorByName } from "./connectors/registry";
import { firstCheckAt } from "./creation";
import { findTransaction, type TransactionRef } from "./get-transaction";
import { payinCreatedView, type PayinCreatedView } from "./views";

/**
 * POST /api/v1/merchant/transactions/{id}/finalize (D7): the PIN / OTP of a pending
 * payin whose auth_mode is `pin`. The connector's answer is recorded (the worker
 * applies the outcome); the response is the 2.2 shape, still pending. Anything else
 * (payout, other auth mode, already finalized, expired, terminal): 409.
 */
export async function finalizePayin(db: Database, input: TransactionRef & { otp: string }): Promise<PayinCreatedView> {
  return db.transaction(async (tx) => {
    const t = await findTransaction(tx, input, { forUpdate: true });
    if (!t) throw errors.transactionNotFound();
    const now = new Date();
    const expired = t.expiresAt !== null && t.expiresAt <= now;
    if (t.type !== "payin" || t.status !== "pending" || t.authMode !== "pin" || t.pendingOutcome !== null || expired) {
      throw errors.cannotFinalize();
    }
    const connector = connectorByName(t.connector);
    if (!connector) throw errors.networkUnavailable();
    const plan = await connector.finalize(t, input.otp, now);
    const [updated] = await tx
      .update(transactions)
      .set({
        connectorRef: plan.connectorRef ?? t.connectorRef,
        pendingOutcome: plan.pendingOutcome,
        failureReason: plan.pendingOutcome ? plan.outcomeReason : null,
        nextCheckAt: firstCheckAt(plan, t.expiresAt ?? now),
        updatedAt: now,
      })
      .where(eq(transactions.id, t.id))
      .returning();
    return payinCreatedView(updated);
  });
}
