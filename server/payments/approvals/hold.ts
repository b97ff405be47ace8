import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { payoutApprovals, type Mode } from "../../db/schema";
import { newId } from "../../ids";
import type { Minor } from "../../money";
import type { AuditActor } from "../../audit/record";
import { getApprovalSettings } from "./settings";

/**
 * Holding a payout for approval (issue 22). The creation services ask `holdFor` with the
 * request's amounts; when a threshold is passed they open the approval row BEFORE the
 * reservation commits (so a held payout always has one), write the payouts without a
 * next check or an expiry (the worker leaves them alone), and mark the row `void` if the
 * reservation was refused after all. The money is reserved as for any payout.
 */
export interface HoldRequester {
  source: "dashboard" | "api";
  /** The member (dashboard) or the API key (API) asking. */
  requestedBy: Extract<AuditActor, { type: "user" | "api_key" }>;
}

/** The currency total over its threshold, or null when nothing needs approval. */
export async function holdFor(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; requester: HoldRequester; totals: Map<string, Minor> },
): Promise<{ currency: string; amount: Minor } | null> {
  const settings = await getApprovalSettings(db, input);
  if (settings.thresholds.size === 0) return null;
  if (input.requester.source === "api" && !settings.holdApiPayouts) return null;
  for (const [currency, amount] of input.totals) {
    const threshold = settings.thresholds.get(currency);
    if (threshold !== undefined && amount > threshold) return { currency, amount };
  }
  return null;
}

export async function openApproval(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; requester: HoldRequester; currency: string; amount: Minor; itemCount: number } & (
    | { transactionId: string; bulkBatchId?: undefined }
    | { bulkBatchId: string; transactionId?: undefined }
  ),
): Promise<string> {
  const id = newId("payoutApproval");
  await db.insert(payoutApprovals).values({
    id,
    merchantId: input.merchantId,
    mode: input.mode,
    transactionId: input.transactionId ?? null,
    bulkBatchId: input.bulkBatchId ?? null,
    source: input.requester.source,
    itemCount: input.itemCount,
    currency: input.currency,
    amount: input.amount,
    requestedById: input.requester.requestedBy.id,
    requestedByType: input.requester.requestedBy.type,
    requestedByLabel: input.requester.requestedBy.label,
  });
  return id;
}

/** The reservation was refused (balance, idempotent replay, error): nothing is held after all. */
export async function voidApproval(db: DbOrTx, id: string): Promise<void> {
  await db.update(payoutApprovals).set({ status: "void" }).where(and(eq(payoutApprovals.id, id), eq(payoutApprovals.status, "awaiting_approval")));
}

/** A bulk batch's approval covers what was actually reserved. */
export async function settleBulkApproval(db: DbOrTx, id: string, held: { count: number; amount: Minor }): Promise<void> {
  if (held.count === 0) return voidApproval(db, id);
  await db.update(payoutApprovals).set({ itemCount: held.count, amount: held.amount }).where(eq(payoutApprovals.id, id));
}
