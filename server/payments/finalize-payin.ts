import type { Database } from "../db/client";
import { transactions } from "../db/schema";
import { eq } from "drizzle-orm";
import { errors } from "../errors";
import { connectorByName } from "../connectors/registry";
import { firstCheckAt } from "./creation";
import { findTransaction, type TransactionRef } from "./get-transaction";
import { payinCreatedView, type PayinCreatedView } from "./api-views";
import { isConnectionError, isNotSent, readBackTransaction, serviceUnavailable } from "../db/resilience";
import { noteCheckDue } from "./due-hints";
import { storedSandboxDelay, withSandboxDelay } from "./sandbox-delay";

/**
 * POST /api/v1/merchant/transactions/{id}/finalize (D7): the PIN / OTP of a pending
 * payin whose auth_mode is `pin`. The connector's answer is recorded (the worker
 * applies the outcome); the response is the 2.2 shape, still pending. Anything else
 * (payout, other auth mode, already finalized, expired, terminal): 409.
 */
export async function finalizePayin(db: Database, input: TransactionRef & { otp: string }): Promise<PayinCreatedView> {
  let sent: { id: string; at: Date } | null = null;
  try {
    return await finalizeOnce(db, input, (id, at) => (sent = { id, at }));
  } catch (err) {
    // The connection died around the COMMIT (issue 16): read back whether OUR update is
    // stored (its updated_at is ours) and answer that, never a guess. A retry is safe
    // either way: finalizing twice is refused (409), never applied twice.
    const s = sent as { id: string; at: Date } | null;
    if (!s || !isConnectionError(err) || isNotSent(err)) throw err;
    const row = await readBackTransaction(db, s.id);
    if (row && row.updatedAt.getTime() === s.at.getTime() && row.pendingOutcome !== null) return payinCreatedView(row);
    throw serviceUnavailable();
  }
}

async function finalizeOnce(db: Database, input: TransactionRef & { otp: string }, onWrite: (id: string, at: Date) => void): Promise<PayinCreatedView> {
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
    const plan = withSandboxDelay(await connector.finalize(t, input.otp, now), { mode: t.mode, delayMs: storedSandboxDelay(t.requestMetadata), from: now });
    onWrite(t.id, now);
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
    noteCheckDue(updated.nextCheckAt);
    return payinCreatedView(updated);
  });
}
