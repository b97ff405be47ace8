import type { Database } from "../db/client";
import type { FinalTransactionStatus } from "../vocabulary";
import type { Mode } from "../db/schema";
import { AppError, errors } from "../errors";
import { findTransaction } from "../payments/get-transaction";
import { applyOutcome } from "../payments/transitions";
import { SANDBOX_CONNECTOR, sandboxPhoneOutcome } from "../connectors/sandbox";
import type { TransactionType } from "../db/schema";
import type { TerminalStatus } from "../connectors/types";

export interface SettleOutcomeInput {
  merchantId: string;
  mode: Mode;
  transactionId: string;
  status: TerminalStatus;
  reason?: string | null;
}

export const settleErrors = {
  /** A live key: the test endpoints do not exist for it (as an unknown path would answer). */
  liveKey: () => errors.notFound().withDetail("The /api/v1/test endpoints answer test keys (sk_test_…) only."),
  notPending: (status: string) =>
    new AppError("conflict", "Transaction is not pending", { status }).withDetail("Only a pending test transaction can be given an outcome; this one is final."),
};

/** The sandbox's own reason for this outcome (D9: what a number ending 0001 / 0002 gives). */
function sandboxReason(type: TransactionType, outcome: Exclude<FinalTransactionStatus, "successful">): string | null {
  return sandboxPhoneOutcome(outcome === "failed" ? "0001" : "0002", type)?.reason ?? null;
}

/**
 * POST /api/v1/test/transactions/{id}/outcome: a pending test transaction (payin, payout
 * or refund) gets its outcome now, through the one transition writer (transitions.ts
 * `applyOutcome`: status, ledger postings, timeline row and webhook event in one database
 * transaction), so the webhook, the balances, the statement and the dashboard follow as
 * they do when the sandbox's own timer fires. The row is locked first: the worker, the
 * checkout page or a second call racing for it find it already final (409).
 */
export async function settleOutcome(db: Database, input: SettleOutcomeInput) {
  if (input.mode !== "test") throw settleErrors.liveKey();
  const ref = { merchantId: input.merchantId, mode: input.mode, id: input.transactionId };
  return db.transaction(async (tx) => {
    const t = await findTransaction(tx, ref, { forUpdate: true });
    if (!t) throw errors.transactionNotFound();
    // Test mode is always the sandbox (connectors/registry.ts); the guard keeps it so.
    if (t.status !== "pending" || t.connector !== SANDBOX_CONNECTOR) throw settleErrors.notPending(t.status);
    const reason = input.status === "successful" ? null : input.reason?.trim() || sandboxReason(t.type, input.status);
    const updated = await applyOutcome(tx, { transaction: t, outcome: input.status, reason });
    if (!updated) throw settleErrors.notPending(t.status);
    return updated;
  });
}
