import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import {
  bulkPayoutBatches,
  checkoutSessions,
  idempotencyKeys,
  linkPayments,
  payoutApprovals,
  requestLogs,
  settlements,
  ledgerEntries,
  operatorCredits,
  transactionEvents,
  transactions,
  wallets,
  webhookAttempts,
  webhookEvents,
  type Mode,
} from "../db/schema";
import { recordAudit, type AuditActor, type AuditOrigin } from "../audit/record";
import { settleErrors } from "./settle-outcome";

export interface ResetTestDataInput {
  merchantId: string;
  /** The caller's mode: a live key or the live dashboard cannot reset anything. */
  mode: Mode;
  actor: AuditActor;
  origin?: AuditOrigin;
}

/** How many rows of each kind went (the API's answer, the dashboard's toast, the audit row). */
export interface ResetCounts {
  transactions: number;
  webhook_events: number;
  ledger_entries: number;
  balances: number;
  bulk_batches: number;
}

/**
 * POST /api/v1/test/reset and the Settings page's "Reset test data" (owners): the
 * merchant's TEST-mode transactions (with their timelines), webhook events and delivery
 * attempts, ledger entries (the statements' test movements), test wallets (balances and
 * their top-ups), bulk batches, held payouts' approvals, payment-link payments, checkout
 * sessions, settlements, request logs and Idempotency-Key records go, in one database
 * transaction with its audit row. Payment links and bank accounts are settings: they stay. Live data, settings, keys, team and webhook URLs stay:
 * every statement is scoped by merchant AND mode = 'test'.
 */
export async function resetTestData(db: Database, input: ResetTestDataInput): Promise<ResetCounts> {
  if (input.mode !== "test") throw settleErrors.liveKey();
  const { merchantId } = input;
  const mine = (t: { merchantId: PgColumn; mode: PgColumn }) => and(eq(t.merchantId, merchantId), eq(t.mode, "test"));
  return db.transaction(async (tx) => {
    const testTransactions = tx.select({ id: transactions.id }).from(transactions).where(mine(transactions));
    const testEvents = tx.select({ id: webhookEvents.id }).from(webhookEvents).where(mine(webhookEvents));
    const testWallets = tx.select({ id: wallets.id }).from(wallets).where(mine(wallets));

    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.eventId, testEvents));
    const events = await tx.delete(webhookEvents).where(mine(webhookEvents)).returning({ id: webhookEvents.id });
    await tx.delete(transactionEvents).where(inArray(transactionEvents.transactionId, testTransactions));
    const entries = await tx.delete(ledgerEntries).where(mine(ledgerEntries)).returning({ id: ledgerEntries.id });
    await tx.delete(operatorCredits).where(inArray(operatorCredits.walletId, testWallets));
    await tx.delete(linkPayments).where(inArray(linkPayments.transactionId, testTransactions));
    await tx.delete(checkoutSessions).where(mine(checkoutSessions));
    await tx.delete(payoutApprovals).where(mine(payoutApprovals));
    await tx.delete(settlements).where(mine(settlements));
    await tx.delete(requestLogs).where(mine(requestLogs));
    // Refunds point at their payins: they go first.
    const refunds = await tx
      .delete(transactions)
      .where(and(mine(transactions), isNotNull(transactions.refundOf)))
      .returning({ id: transactions.id });
    const others = await tx.delete(transactions).where(mine(transactions)).returning({ id: transactions.id });
    const batches = await tx.delete(bulkPayoutBatches).where(mine(bulkPayoutBatches)).returning({ id: bulkPayoutBatches.id });
    await tx.delete(idempotencyKeys).where(mine(idempotencyKeys));
    const balances = await tx.delete(wallets).where(mine(wallets)).returning({ id: wallets.id });

    const counts: ResetCounts = {
      transactions: refunds.length + others.length,
      webhook_events: events.length,
      ledger_entries: entries.length,
      balances: balances.length,
      bulk_batches: batches.length,
    };
    await recordAudit(tx, { merchantId, mode: "test", actor: input.actor, action: "test_data.reset", after: counts, origin: input.origin });
    return counts;
  });
}
