import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { transactionEvents, transactions, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { enqueueTransactionEvent } from "../webhooks/outbox";
import type { TerminalStatus } from "../connectors/types";
import { postOutcome } from "./postings";
import { transactionFinished } from "../observability/metrics";

/**
 * The one way a payment's status changes (D8): pending -> successful | failed | cancelled.
 * Status, ledger postings, the timeline row and the webhook event are written together
 * in the caller's database transaction. The update is guarded by `status = 'pending'`,
 * so a terminal state never changes again and an outcome is never applied twice, even
 * when the worker of another process or the checkout page races for the same row.
 */
export async function applyOutcome(
  tx: DbOrTx,
  input: { transaction: Transaction; outcome: TerminalStatus; reason: string | null; now?: Date },
): Promise<Transaction | null> {
  const now = input.now ?? new Date();
  const [updated] = await tx
    .update(transactions)
    .set({
      status: input.outcome,
      pendingOutcome: null,
      nextCheckAt: null,
      failureReason: input.outcome === "successful" ? null : input.reason,
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(transactions.id, input.transaction.id), eq(transactions.status, "pending")))
    .returning();
  if (!updated) return null;
  await postOutcome(tx, updated, input.outcome);
  await tx.insert(transactionEvents).values({
    id: newId("transactionEvent"),
    transactionId: updated.id,
    fromStatus: "pending",
    toStatus: input.outcome,
    reason: updated.failureReason,
    createdAt: now,
  });
  await enqueueTransactionEvent(tx, updated, "status_change");
  // Counted as the change is written (a rollback after this overcounts one: rare, and a counter).
  countFinished(updated, input.outcome, now);
  return updated;
}

/**
 * The timeline's first row (pending, "Created", at the transaction's created_at), written
 * with the transaction itself. Its one definition: `recordCreated` on the drizzle path,
 * `insertCreatedEventsSql` inside the hot-path statements (payin and payout batches).
 */
const CREATED_REASON = "Created";

export async function recordCreated(tx: DbOrTx, t: Transaction): Promise<void> {
  await tx.insert(transactionEvents).values({
    id: newId("transactionEvent"),
    transactionId: t.id,
    fromStatus: null,
    toStatus: "pending",
    reason: CREATED_REASON,
    createdAt: t.createdAt,
  });
}

/** The INSERT … SELECT of the "Created" row for each new transaction `t` of `from` (SQL), with event id `eventId` (SQL). */
export function insertCreatedEventsSql(from: string, eventId: string): string {
  return `insert into transaction_events (id, transaction_id, from_status, to_status, reason, created_at)
      select ${eventId}, t.id, null, 'pending', '${CREATED_REASON}', t.created_at from ${from}`;
}

/** sika_transactions_finished_total and the creation-to-outcome histogram. */
export function countFinished(t: Pick<Transaction, "type" | "network" | "countryCode" | "mode" | "createdAt">, outcome: TerminalStatus, now: Date): void {
  transactionFinished({ type: t.type, network: t.network, country: t.countryCode, mode: t.mode, outcome, createdAt: t.createdAt, finishedAt: now });
}
