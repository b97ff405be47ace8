import { and, asc, eq, lte } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { transactions, type Transaction } from "../db/schema";
import { logger } from "../logger";
import { connectorByName } from "./connectors/registry";
import { firstCheckAt } from "./creation";
import { applyOutcome } from "./transitions";

/**
 * The lifecycle processor (D8), one job of every worker batch: pending transactions
 * whose next_check_at has come get their connector outcome applied, expire (payin ->
 * cancelled after PAYIN_EXPIRY_SECONDS, payout -> failed after PAYOUT_TIMEOUT_SECONDS,
 * charged_amount returned), or are polled and rescheduled. Each row is claimed with
 * FOR UPDATE SKIP LOCKED and handled in its own database transaction, so several
 * processes share the work and none applies an outcome twice.
 */
const MAX_PER_BATCH = 100;
/** A row whose handling failed is looked at again after this long (no hot loop). */
const RETRY_AFTER_MS = 60_000;

export const EXPIRY_REASONS = {
  payin: "Payment was not authorized in time",
  payout: "Payout timed out",
} as const;

async function handle(tx: Tx, t: Transaction, now: Date): Promise<void> {
  if (t.pendingOutcome && t.pendingOutcome !== "pending") {
    await applyOutcome(tx, { transaction: t, outcome: t.pendingOutcome, reason: t.failureReason, now });
    return;
  }
  if (t.expiresAt && t.expiresAt <= now) {
    const outcome = t.type === "payin" ? "cancelled" : "failed";
    await applyOutcome(tx, { transaction: t, outcome, reason: EXPIRY_REASONS[t.type], now });
    return;
  }
  const connector = connectorByName(t.connector);
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

/** Claims and handles one due transaction; false when none is due (or all are taken). */
async function handleNextDue(db: Database, now: Date): Promise<boolean> {
  let claimed: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.status, "pending"), lte(transactions.nextCheckAt, now)))
        .orderBy(asc(transactions.nextCheckAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!t) return false;
      claimed = t.id;
      await handle(tx, t, now);
      return true;
    });
  } catch (err) {
    if (!claimed) throw err;
    logger().error({ err, transactionId: claimed }, "lifecycle: handling failed, retrying later");
    await db
      .update(transactions)
      .set({ nextCheckAt: new Date(Date.now() + RETRY_AFTER_MS) })
      .where(and(eq(transactions.id, claimed), eq(transactions.status, "pending")));
    return true;
  }
}

export async function applyLifecycleBatch(db: Database): Promise<number> {
  const now = new Date();
  let handled = 0;
  while (handled < MAX_PER_BATCH && (await handleNextDue(db, now))) handled++;
  return handled;
}
