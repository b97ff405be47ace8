import { storedSecretDigest } from "../connectors/callback-secret";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { transactions, type Transaction } from "../db/schema";
import { env } from "../env";
import { logger } from "../logger";
import { isFinalStatus } from "../vocabulary";
import { BreakerOpen, breakerRetryAt } from "../connectors/health";
import { OperatorError } from "../connectors/operator-http";
import { connectorByName } from "../connectors/registry";
import type { Connector, LiveAnswer, RelatedRows, TerminalStatus } from "../connectors/types";
import { applyOutcome } from "./transitions";

/**
 * Live rails (D15): moving a live transaction through its operator connector after the
 * row (and a payout's reservation) committed. Used right after creation (submitAfterCommit)
 * and by the lifecycle worker (handleLive), the same code for both:
 *  - never acknowledged: submit, with the handle stored at creation; sent again only where
 *    the operator dedupes on it (resubmitSafe); else wait (and flag at expiry).
 *  - acknowledged: query on a growing backoff (CONNECTOR_POLL_SECONDS, doubling, capped by
 *    CONNECTOR_MAX_POLL_SECONDS and by the expiry) until the operator says it is final.
 *  - payin past its expiry: a final answer still wins; otherwise the operator's session is
 *    closed (abandon) and the payin cancelled; where it cannot be closed and the operator
 *    still holds it open, it stays pending, flagged, and is asked until it answers (D19).
 *  - payout past PAYOUT_TIMEOUT_SECONDS: queried, never refunded blindly. Only the
 *    operator's failure, or "not found" for a submission it never acknowledged, fails it
 *    (money returned); anything else keeps it pending, flagged `needs_attention`.
 * Every status change goes through applyOutcome (ledger, timeline, webhook outbox).
 */
export const LIVE_REASONS = {
  payinExpired: "Payment was not authorized in time",
  payoutNeverAccepted: "The network never accepted the payout",
  unknownPastTimeout: "The network has not confirmed the outcome past the payout timeout",
  unknownPastExpiry: "The network has not confirmed the outcome past the payin expiry",
  unacknowledged: "The network did not acknowledge the request; it cannot be sent again safely",
} as const;

const isTerminal = (state: string): state is TerminalStatus => isFinalStatus(state);

export const isLiveConnector = (c: Connector | null): c is Connector & Required<Pick<Connector, "submit" | "queryStatus">> => !!c?.submit && !!c.queryStatus;

/** The next status query: CONNECTOR_POLL_SECONDS doubling with each query, capped. */
function nextPoll(t: Transaction, now: Date, pollCount: number): Date {
  const e = env();
  const seconds = Math.min(e.CONNECTOR_POLL_SECONDS * 2 ** Math.min(pollCount, 20), e.CONNECTOR_MAX_POLL_SECONDS);
  const at = new Date(now.getTime() + seconds * 1000);
  // Before the expiry, never sleep past it: the timeout query must happen on time.
  return t.expiresAt && t.expiresAt > now && at > t.expiresAt ? t.expiresAt : at;
}

async function update(tx: DbOrTx, t: Transaction, set: Partial<typeof transactions.$inferInsert>): Promise<void> {
  await tx
    .update(transactions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(transactions.id, t.id), eq(transactions.status, "pending")));
}

const plainError = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Applies a final answer; otherwise records what was learnt and when to look again. */
async function recordAnswer(tx: DbOrTx, t: Transaction, answer: LiveAnswer, now: Date, opts: { acknowledged: boolean }): Promise<void> {
  const set: Partial<typeof transactions.$inferInsert> = {
    connectorRef: answer.operatorRef ?? t.connectorRef,
    lastOperatorError: null,
  };
  if (opts.acknowledged && !t.submittedAt) set.submittedAt = now;
  // A route that answers with a page to send the payer to (Wave's checkout, Orange's Web
  // Payment) is a redirect flow whatever the network's own authorization: the USSD or PIN
  // instructions written at creation would tell the payer to do something else.
  if (answer.launchUrl) Object.assign(set, { redirectUrl: answer.launchUrl, authMode: null, instructions: null });
  // Only a digest is stored (issue 19 §13), whoever made the secret.
  if (answer.callbackSecret) set.callbackSecret = storedSecretDigest(answer.callbackSecret);
  if (isTerminal(answer.state)) {
    await update(tx, t, set);
    await applyOutcome(tx, { transaction: t, outcome: answer.state, reason: answer.reason ?? defaultReason(t, answer.state), now });
    return;
  }
  const pollCount = opts.acknowledged && !t.submittedAt ? 0 : t.pollCount + 1;
  await update(tx, t, { ...set, pollCount, nextCheckAt: nextPoll(t, now, pollCount) });
}

function defaultReason(t: Transaction, state: TerminalStatus): string | null {
  if (state === "successful") return null;
  return t.type === "payin" ? "The network declined the payment" : "The network declined the payout";
}

/** An operator call that gave no answer (or was not made: breaker open). */
async function recordError(tx: DbOrTx, t: Transaction, err: unknown, now: Date, flag: boolean): Promise<void> {
  if (err instanceof BreakerOpen) {
    await update(tx, t, { nextCheckAt: breakerRetryAt(err.key), ...(flag ? { needsAttention: true } : {}) });
    return;
  }
  if (!(err instanceof OperatorError)) logger().error({ err, transactionId: t.id }, "live rails: unexpected error");
  const pollCount = t.pollCount + 1;
  await update(tx, t, { lastOperatorError: plainError(err), pollCount, nextCheckAt: nextPoll(t, now, pollCount), ...(flag ? { needsAttention: true } : {}) });
}

/** What a submission may need besides the row: a refund's payin (pawaPay refunds name its deposit). */
async function relatedRows(db: DbOrTx, t: Transaction): Promise<RelatedRows> {
  if (!t.refundOf) return {};
  const [payin] = await db.select().from(transactions).where(eq(transactions.id, t.refundOf));
  return { refundOf: payin ?? null };
}

/** Records the result of a submission (`call` is the operator call, or its settled result). */
async function submit(tx: DbOrTx, t: Transaction, call: () => Promise<LiveAnswer>, now: Date): Promise<void> {
  let answer: LiveAnswer;
  try {
    answer = await call();
  } catch (err) {
    if (err instanceof OperatorError && err.kind === "rejected") {
      // Refused outright: nothing was created at the operator, so nothing can be paid.
      await update(tx, t, { lastOperatorError: plainError(err) });
      await applyOutcome(tx, { transaction: t, outcome: "failed", reason: err.message, now });
      return;
    }
    await recordError(tx, t, err, now, false);
    return;
  }
  await recordAnswer(tx, t, answer, now, { acknowledged: true });
}

/**
 * Right after creation committed: the first submission, claimed by bumping
 * submit_attempts from 0 (committed before the call, so the worker knows a call may have
 * happened). Returns the row as it then stands, or null when someone else submitted it.
 */
export async function submitAfterCommit(db: Database, id: string): Promise<Transaction | null> {
  const [claimed] = await db
    .update(transactions)
    .set({ submitAttempts: sql`${transactions.submitAttempts} + 1` })
    .where(and(eq(transactions.id, id), eq(transactions.status, "pending"), isNull(transactions.submittedAt), eq(transactions.submitAttempts, 0)))
    .returning();
  if (!claimed) return null;
  const connector = connectorByName(claimed.connector);
  if (!isLiveConnector(connector)) return claimed;
  // The call happens outside any database transaction; its result is recorded after.
  const settled = await connector.submit(claimed, await relatedRows(db, claimed)).then(
    (ok) => () => Promise.resolve(ok),
    (err: unknown) => () => Promise.reject(err),
  );
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
    // The worker may have got there first (same handle, so the same operator transaction).
    if (!t || t.status !== "pending" || t.submittedAt) return t ?? null;
    await submit(tx, t, settled, new Date());
    const [after] = await tx.select().from(transactions).where(eq(transactions.id, id));
    return after;
  });
}

/** The lifecycle worker's handling of a due live transaction (row locked by the caller). */
export async function handleLive(tx: DbOrTx, t: Transaction, connector: Connector, now: Date): Promise<void> {
  const expired = !!t.expiresAt && t.expiresAt <= now;
  if (!t.submittedAt && !expired) {
    if (t.submitAttempts === 0 || connector.resubmitSafe?.(t)) {
      await update(tx, t, { submitAttempts: t.submitAttempts + 1 });
      const related = await relatedRows(tx, t);
      await submit(tx, { ...t, submitAttempts: t.submitAttempts + 1 }, () => connector.submit!(t, related), now);
      return;
    }
    // Sent once without an answer, and sending again could charge twice (STK push): wait.
    await update(tx, t, { lastOperatorError: t.lastOperatorError ?? LIVE_REASONS.unacknowledged, nextCheckAt: t.expiresAt ?? nextPoll(t, now, t.pollCount + 1) });
    return;
  }

  let answer: LiveAnswer | null;
  try {
    answer = await connector.queryStatus!(t, await relatedRows(tx, t));
  } catch (err) {
    await recordError(tx, t, err, now, expired && t.type === "payout");
    return;
  }
  if (answer && isTerminal(answer.state)) {
    await recordAnswer(tx, t, answer, now, { acknowledged: false });
    return;
  }
  if (!expired) {
    if (answer) await recordAnswer(tx, t, answer, now, { acknowledged: false });
    // No query at this operator (Daraja B2C): the callback decides; look again at the timeout.
    else await update(tx, t, { nextCheckAt: t.expiresAt ?? nextPoll(t, now, t.pollCount + 1) });
    return;
  }
  if (t.type === "payin" && !connector.abandon && t.submittedAt && answer && !answer.notFound) {
    // D19: the operator holds the payment open and we cannot close it: it may still be
    // paid, so it is never cancelled on our own expiry. Flagged; asked until it answers.
    const pollCount = t.pollCount + 1;
    await update(tx, t, { needsAttention: true, lastOperatorError: t.lastOperatorError ?? LIVE_REASONS.unknownPastExpiry, pollCount, nextCheckAt: nextPoll(t, now, pollCount) });
    return;
  }
  if (t.type === "payin") {
    try {
      await connector.abandon?.(t);
    } catch (err) {
      // The session could not be closed: it might still be paid. Keep asking.
      await recordError(tx, t, err, now, true);
      return;
    }
    const flag = !t.submittedAt && t.submitAttempts > 0;
    if (flag) await update(tx, t, { needsAttention: true, lastOperatorError: t.lastOperatorError ?? LIVE_REASONS.unacknowledged });
    await applyOutcome(tx, { transaction: t, outcome: "cancelled", reason: LIVE_REASONS.payinExpired, now });
    return;
  }
  if (answer?.notFound && !t.submittedAt) {
    await applyOutcome(tx, { transaction: t, outcome: "failed", reason: LIVE_REASONS.payoutNeverAccepted, now });
    return;
  }
  const pollCount = t.pollCount + 1;
  await update(tx, t, {
    needsAttention: true,
    lastOperatorError: t.lastOperatorError ?? LIVE_REASONS.unknownPastTimeout,
    connectorRef: answer?.operatorRef ?? t.connectorRef,
    pollCount,
    nextCheckAt: nextPoll(t, now, answer ? pollCount : 30),
  });
}
