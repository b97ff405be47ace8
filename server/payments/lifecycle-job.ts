import { and, asc, eq, lte, min } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { transactions, type Transaction } from "../db/schema";
import { isConnectionError } from "../db/resilience";
import { logger } from "../logger";
import { connectorByName } from "../connectors/registry";
import { firstCheckAt } from "./creation";
import { applyOutcome } from "./transitions";
import { handleLive, isLiveConnector } from "./live-rails";

/**
 * The lifecycle processor (D8), one job of every worker batch: pending transactions
 * whose next_check_at has come get their connector outcome applied, expire (payin ->
 * cancelled after PAYIN_EXPIRY_SECONDS, payout -> failed after PAYOUT_TIMEOUT_SECONDS,
 * charged_amount returned), or are polled and rescheduled. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, a group at a time in one database transaction, so several
 * processes share the work and none applies an outcome twice.
 */
const MAX_PER_BATCH = 100;
/** A row whose handling failed is looked at again after this long (no hot loop). */
const RETRY_AFTER_MS = 60_000;

export const EXPIRY_REASONS = {
  payin: "Payment was not authorized in time",
  payout: "Payout timed out",
  refund: "Refund timed out",
} as const;

async function handle(tx: Tx, t: Transaction, now: Date): Promise<void> {
  if (t.pendingOutcome && t.pendingOutcome !== "pending") {
    await applyOutcome(tx, { transaction: t, outcome: t.pendingOutcome, reason: t.failureReason, now });
    return;
  }
  const connector = connectorByName(t.connector);
  // Operator connectors (live rails): submission, queries, timeouts in live-rails.ts.
  if (isLiveConnector(connector)) {
    await handleLive(tx, t, connector, now);
    return;
  }
  if (t.expiresAt && t.expiresAt <= now) {
    const outcome = t.type === "payin" ? "cancelled" : "failed";
    await applyOutcome(tx, { transaction: t, outcome, reason: EXPIRY_REASONS[t.type], now });
    return;
  }
  const expiresAt = t.expiresAt ?? new Date(now.getTime() + RETRY_AFTER_MS);
  if (!connector) {
    await tx.update(transactions).set({ nextCheckAt: expiresAt }).where(eq(transactions.id, t.id));
    return;
  }
  const plan = await connector.pollStatus(t, now);
  if (plan.pendingOutcome && (!plan.nextCheckAt || plan.nextCheckAt <= now)) {
    await applyOutcome(tx, { transaction: t, outcome: plan.pendingOutcome, reason: plan.outcomeReason, now });
    return;
  }
  await tx
    .update(transactions)
    .set({
      connectorRef: plan.connectorRef ?? t.connectorRef,
      pendingOutcome: plan.pendingOutcome,
      failureReason: plan.pendingOutcome ? plan.outcomeReason : null,
      nextCheckAt: firstCheckAt(plan, expiresAt),
    })
    .where(and(eq(transactions.id, t.id), eq(transactions.status, "pending")));
}

const due = (now: Date) => and(eq(transactions.status, "pending"), lte(transactions.nextCheckAt, now));

/** Claims and handles one given transaction if it is still due; false when it is not (or taken). */
export async function handleOne(db: Database, id: string, now: Date): Promise<boolean> {
  let claimed: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), due(now)))
        .for("update", { skipLocked: true });
      if (!t) return false;
      claimed = t.id;
      await handle(tx, t, now);
      return true;
    });
  } catch (err) {
    // The database went away: nothing was handled, nothing is set aside; the next pass retries.
    if (!claimed || isConnectionError(err)) throw err;
    logger().error({ err, transactionId: claimed }, "lifecycle: handling failed, retrying later");
    await db
      .update(transactions)
      .set({ nextCheckAt: new Date(Date.now() + RETRY_AFTER_MS) })
      .where(and(eq(transactions.id, claimed), eq(transactions.status, "pending")));
    return true;
  }
}

/**
 * Claims up to GROUP due transactions (oldest due first, FOR UPDATE SKIP LOCKED) and
 * handles them in ONE database transaction: one commit for the group instead of one
 * per row, and the rows' statements pipelined on the transaction's connection (each
 * row's own statements stay in order; rows of one wallet meet only in its relative
 * `available + delta` UPDATEs). If any row fails, the group rolls back and each of its
 * rows is handled alone, so only the faulty one is set aside (retried 60 s later).
 * Returns how many rows were handled.
 */
// 20, not 50: a group keeps its wallets' rows locked from its first credit to its COMMIT
// (payouts of those wallets wait meanwhile), node-postgres sends its ~6 statements per row
// one round trip at a time, and no outcome of a group is visible before its COMMIT.
const GROUP = 20;

async function handleDueGroup(db: Database, now: Date, limit: number): Promise<number> {
  let ids: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(transactions)
        .where(due(now))
        .orderBy(asc(transactions.nextCheckAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      ids = rows.map((r) => r.id);
      const results = await Promise.allSettled(rows.map((t) => handle(tx, t, now)));
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      return rows.length;
    });
  } catch (err) {
    // A lost connection is no faulty row: setting the group aside would delay its outcomes 60 s.
    if (!ids.length || isConnectionError(err)) throw err;
    let handled = 0;
    for (const id of ids) if (await handleOne(db, id, now)) handled++;
    return handled;
  }
}

export async function applyLifecycleBatch(db: Database): Promise<number> {
  const now = new Date();
  let handled = 0;
  while (handled < MAX_PER_BATCH) {
    const n = await handleDueGroup(db, now, Math.min(GROUP, MAX_PER_BATCH - handled));
    if (n === 0) break;
    handled += n;
  }
  return handled;
}

/** The earliest next_check_at of a pending transaction (the partial index transactions_due_idx answers it). */
export async function nextLifecycleDueAt(db: Database): Promise<Date | null> {
  const [r] = await db.select({ at: min(transactions.nextCheckAt) }).from(transactions).where(eq(transactions.status, "pending"));
  return r?.at ?? null;
}
