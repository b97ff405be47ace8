import { and, eq, isNull, or } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { payoutApprovals, transactions, type Mode, type PayoutApproval } from "../../db/schema";
import { env } from "../../env";
import { AppError, errors } from "../../errors";
import { recordAudit } from "../../audit/record";
import type { AuditScope } from "../../audit/actors";
import { toDecimalString } from "../../money";
import { applyOutcome } from "../transitions";
import type { AuditAction } from "../../vocabulary";

/**
 * A second owner's decision on a held payout or bulk batch (issue 22, maker-checker), in
 * one database transaction with its audit row:
 *  - approve: the held payouts get their first check now and their timeout from now; the
 *    worker sends them as any payout (sandbox outcome, live submission), webhooks follow.
 *  - reject: each held payout fails with "Rejected by an approver": applyOutcome returns
 *    the reservation to the wallet (ledger entries) and writes the `failed` webhook event.
 * The member who asked can never decide; an API key's request may be decided by any owner.
 */
export const REJECTED_REASON = "Rejected by an approver";

export const decisionErrors = {
  notFound: () => errors.notFound("Approval request not found"),
  alreadyDecided: (status: string) => new AppError("conflict", `This payout is no longer awaiting approval (${status.replace("_", " ")}).`),
  ownRequest: () => new AppError("forbidden", "You asked for this payout: another owner must approve or reject it."),
};

export interface Decision {
  merchantId: string;
  mode: Mode;
  approvalId: string;
  decidedBy: { id: string; email: string };
  reason?: string | null;
}

async function lockAwaiting(tx: Tx, input: Decision): Promise<PayoutApproval> {
  const [row] = await tx
    .select()
    .from(payoutApprovals)
    .where(and(eq(payoutApprovals.id, input.approvalId), eq(payoutApprovals.merchantId, input.merchantId), eq(payoutApprovals.mode, input.mode)))
    .for("update");
  if (!row || row.status === "void") throw decisionErrors.notFound();
  if (row.status !== "awaiting_approval") throw decisionErrors.alreadyDecided(row.status);
  if (row.requestedByType === "user" && row.requestedById === input.decidedBy.id) throw decisionErrors.ownRequest();
  return row;
}

/** The payouts this approval holds: pending, never scheduled. Locked for the decision. */
function heldOf(tx: Tx, a: PayoutApproval) {
  const which = a.transactionId ? eq(transactions.id, a.transactionId) : eq(transactions.bulkBatchId, a.bulkBatchId ?? "");
  return tx
    .select()
    .from(transactions)
    .where(and(which, eq(transactions.merchantId, a.merchantId), eq(transactions.status, "pending"), isNull(transactions.nextCheckAt), isNull(transactions.expiresAt)))
    .for("update");
}

function auditOf(a: PayoutApproval, action: AuditAction, count: number, reason?: string | null) {
  return {
    merchantId: a.merchantId,
    mode: a.mode,
    action,
    target: a.transactionId ? { type: "payout", id: a.transactionId } : { type: "bulk_payout_batch", id: a.bulkBatchId ?? "" },
    before: { status: "awaiting_approval", requested_by: a.requestedByLabel },
    after: { status: action === "payout.approved" ? "approved" : "rejected", payouts: count, currency: a.currency, amount: toDecimalString(a.amount), ...(reason ? { reason } : {}) },
  };
}

export async function approveHeldPayout(db: Database, input: Decision, scope: AuditScope): Promise<{ released: number }> {
  return db.transaction(async (tx) => {
    const a = await lockAwaiting(tx, input);
    const now = new Date();
    const held = await heldOf(tx, a);
    if (held.length) {
      await tx
        .update(transactions)
        .set({ nextCheckAt: now, expiresAt: new Date(now.getTime() + env().PAYOUT_TIMEOUT_SECONDS * 1000), updatedAt: now })
        .where(or(...held.map((t) => eq(transactions.id, t.id))));
    }
    await tx.update(payoutApprovals).set({ status: "approved", decidedById: input.decidedBy.id, decidedByLabel: input.decidedBy.email, decidedAt: now }).where(eq(payoutApprovals.id, a.id));
    await recordAudit(tx, { ...auditOf(a, "payout.approved", held.length), actor: scope.actor, origin: scope.origin });
    return { released: held.length };
  });
}

export async function rejectHeldPayout(db: Database, input: Decision, scope: AuditScope): Promise<{ released: number }> {
  return db.transaction(async (tx) => {
    const a = await lockAwaiting(tx, input);
    const now = new Date();
    const held = await heldOf(tx, a);
    for (const t of held) await applyOutcome(tx, { transaction: t, outcome: "failed", reason: REJECTED_REASON, now });
    await tx
      .update(payoutApprovals)
      .set({ status: "rejected", decidedById: input.decidedBy.id, decidedByLabel: input.decidedBy.email, decidedAt: now, rejectionReason: input.reason ?? null })
      .where(eq(payoutApprovals.id, a.id));
    await recordAudit(tx, { ...auditOf(a, "payout.rejected", held.length, input.reason), actor: scope.actor, origin: scope.origin });
    return { released: held.length };
  });
}
