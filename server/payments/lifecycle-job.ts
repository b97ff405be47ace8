import { and, asc, eq, lte, min } from "drizzle-orm";
import { withSpan } from "../observability/tracing";
import type { Database, Tx } from "../db/client";
import { transactions, type Transaction } from "../db/schema";
import { isConnectionError } from "../db/resilience";
import { logger } from "../logger";
import { connectorByName } from "../connectors/registry";
import { firstCheckAt } from "./creation";
import type { TerminalStatus } from "../connectors/types";
import { applyOutcome, applyOutcomes, type OutcomeItem } from "./transitions";
import { handleLive, isLiveConnector } from "./live-rails";

/**
 * The lifecycle processor (D8), one job of every worker batch: pending transactions
 * whose next_check_at has come get their connector outcome applied, expire (payin ->
 * cancelled after PAYIN_EXPIRY_SECONDS, payout -> failed after PAYOUT_TIMEOUT_SECONDS,
 * charged_amount returned), or are polled and rescheduled. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, a group at a time in one database transaction, so several
 * processes share the work and none applies an outcome twice.
 */
// One pass of the job (then the loop wakes the webhook job and comes straight back).
const MAX_PER_BATCH = 400;
/** A row whose handling failed is looked at again after this long (no hot loop). */
const RETRY_AFTER_MS = 60_000;

export const EXPIRY_REASONS = {
  payin: "Payment was not authorized in time",
  payout: "Payout timed out",
  refund: "Refund timed out",
} as const;

/**
 * What the lifecycle does with a due row, decided before anything is written: apply an
 * outcome, reschedule it, or hand it to the live rails (operator calls, their own rules).
 */
type Step =
  | { kind: "outcome"; outcome: TerminalStatus; reason: string | null }
  | { kind: "reschedule"; set: Partial<typeof transactions.$inferInsert> }
  | { kind: "live"; connector: LiveConnector };
type LiveConnector = Parameters<typeof handleLive>[2];

async function decide(t: Transaction, now: Date): Promise<Step> {
  if (t.pendingOutcome && t.pendingOutcome !== "pending") return { kind: "outcome", outcome: t.pendingOutcome, reason: t.failureReason };
  const connector = connectorByName(t.connector);
  // Operator connectors (live rails): submission, queries, timeouts in live-rails.ts.
  if (isLiveConnector(connector)) return { kind: "live", connector };
  if (t.expiresAt && t.expiresAt <= now) {
    return { kind: "outcome", outcome: t.type === "payin" ? "cancelled" : "failed", reason: EXPIRY_REASONS[t.type] };
  }
  const expiresAt = t.expiresAt ?? new Date(now.getTime() + RETRY_AFTER_MS);
  if (!connector) return { kind: "reschedule", set: { nextCheckAt: expiresAt } };
  const plan = await connector.pollStatus(t, now);
  if (plan.pendingOutcome && (!plan.nextCheckAt || plan.nextCheckAt <= now)) return { kind: "outcome", outcome: plan.pendingOutcome, reason: plan.outcomeReason };
  return {
    kind: "reschedule",
    set: {
      connectorRef: plan.connectorRef ?? t.connectorRef,
      pendingOutcome: plan.pendingOutcome,
      failureReason: plan.pendingOutcome ? plan.outcomeReason : null,
      nextCheckAt: firstCheckAt(plan, expiresAt),
    },
  };
}

/** One row's step on its own (an outcome: applyOutcome, a group of one). */
async function perform(tx: Tx, t: Transaction, step: Step, now: Date): Promise<void> {
  if (step.kind === "outcome") await applyOutcome(tx, { transaction: t, outcome: step.outcome, reason: step.reason, now });
  else if (step.kind === "live") await handleLive(tx, t, step.connector, now);
  else await tx.update(transactions).set(step.set).where(and(eq(transactions.id, t.id), eq(transactions.status, "pending")));
}

async function handle(tx: Tx, t: Transaction, now: Date): Promise<void> {
  await perform(tx, t, await decide(t, now), now);
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
 * Claims up to `limit` due transactions (oldest due first, FOR UPDATE SKIP LOCKED, so
 * several processes take disjoint rows and none applies an outcome twice) and handles them
 * in ONE database transaction. Their outcomes are applied together (transitions.ts: one
 * statement for the group's status changes, timeline rows, outbox events and ledger
 * postings, whatever its size), so a group costs ~4 round trips (BEGIN, claim, apply,
 * COMMIT) instead of ~6 per row, and holds its wallets' rows only for its last statement.
 * Live-rail rows and reschedules are handled row by row, in the same transaction. If
 * anything fails, the group rolls back and each of its rows is handled alone in its own
 * transaction (the same statement, for a group of one), so only the faulty one is set
 * aside (retried 60 s later).
 * Returns how many rows were handled.
 */
/** Counters for benchmarks, tests and diagnostics (this process). */
const stats = { groups: 0, rows: 0, setBased: 0, largestGroup: 0, fallbacks: 0 };
export function lifecycleStats(): Readonly<typeof stats> {
  return { ...stats };
}

async function handleDueGroup(db: Database, now: Date, limit: number): Promise<number> {
  let ids: string[] = [];
  try {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(transactions)
        .where(due(now))
        .orderBy(asc(transactions.nextCheckAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      ids = rows.map((r) => r.id);
      const steps = await Promise.all(rows.map((t) => decide(t, now)));
      const outcomes: OutcomeItem[] = [];
      const alone: Promise<void>[] = [];
      rows.forEach((t, i) => {
        const step = steps[i];
        // A live-rail row keeps its one-row path whatever its step (live-rails.ts owns those).
        if (step.kind === "outcome" && !isLiveConnector(connectorByName(t.connector))) outcomes.push({ transaction: t, outcome: step.outcome, reason: step.reason });
        else alone.push(perform(tx, t, step, now));
      });
      // The one-row steps at once: their operator calls overlap, their statements take turns
      // on the transaction's one connection (db/serial-queries.ts). Then the outcomes at once.
      const results = await Promise.allSettled(alone);
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      await applyOutcomes(tx, outcomes, now);
      return { rows: rows.length, setBased: outcomes.length };
    });
    if (done.rows) {
      stats.groups++;
      stats.rows += done.rows;
      stats.setBased += done.setBased;
      stats.largestGroup = Math.max(stats.largestGroup, done.rows);
    }
    return done.rows;
  } catch (err) {
    // A lost connection is no faulty row: setting the group aside would delay its outcomes 60 s.
    if (!ids.length || isConnectionError(err)) throw err;
    stats.fallbacks++;
    logger().warn({ err, rows: ids.length }, "lifecycle: group failed, handling its rows one at a time");
    let handled = 0;
    for (const id of ids) if (await handleOne(db, id, now)) handled++;
    return handled;
  }
}

/**
 * Rows per group: as many as are due, up to GROUP. The cost of a group hardly grows with
 * its size (one statement), so a backlog is worked off in large groups and a trickle in
 * small ones; GROUP bounds the statement (its JSON parameters, the rows it locks).
 */
const GROUP = 200;

export async function applyLifecycleBatch(db: Database): Promise<number> {
  const now = new Date();
  let handled = 0;
  while (handled < MAX_PER_BATCH) {
    const n = await withSpan("db lifecycle group", { "db.operation.batch.size": Math.min(GROUP, MAX_PER_BATCH - handled) }, () => handleDueGroup(db, now, Math.min(GROUP, MAX_PER_BATCH - handled)));
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
