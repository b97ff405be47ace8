import { z } from "../../zod";
import { listTransactions, toServiceFilters, transactionFiltersInput } from "../../payments/list-transactions";
import { getTransactionDetail, getTransactionLedgerEntries, getTransactionTimeline } from "../../payments/get-transaction";
import { listEventsForTransaction } from "../../webhooks/delivery-log";
import { resendWebhook } from "../../webhooks/resend";
import { wakeWorker } from "../../worker/loop";
import { transactionRows } from "../transaction-rows";
import { transactionsChangeMark } from "../../payments/change-mark";
import { modeProcedure, router } from "../init";
import {
  attemptView,
  ledgerEntry,
  ledgerView,
  timelineEntry,
  timelineView,
  transactionRow,
  webhookAttempt,
  webhookEvent,
  webhookEventView,
} from "../dashboard-views";

const txId = z.string().trim().min(1).max(64);

export const transactionsRouter = router({
  list: modeProcedure("viewer")
    .input(z.object({ filters: transactionFiltersInput.default({}), cursor: z.string().max(200).nullish(), limit: z.number().int().min(1).max(100).default(25) }))
    .output(z.object({ items: z.array(transactionRow), nextCursor: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await listTransactions(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        filters: toServiceFilters(input.filters),
        cursor: input.cursor ?? null,
        limit: input.limit,
      });
      return { items: await transactionRows(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, page.items), nextCursor: page.nextCursor };
    }),

  /** Moves when a transaction is created or changes status: the list rereads itself then (payments/change-mark.ts). */
  changeMark: modeProcedure("viewer")
    .output(z.string())
    .query(({ ctx, input }) => transactionsChangeMark(ctx.db, { merchantId: ctx.merchantId, mode: input.mode })),

  /** Everything the detail view shows, in one round trip. */
  detail: modeProcedure("viewer")
    .input(z.object({ id: txId }))
    .output(
      z.object({
        transaction: transactionRow,
        timeline: z.array(timelineEntry),
        ledger: z.array(ledgerEntry),
        webhooks: z.array(webhookEvent.extend({ attempts: z.array(webhookAttempt) })),
      }),
    )
    .query(async ({ ctx, input }) => {
      const ref = { merchantId: ctx.merchantId, mode: input.mode, id: input.id };
      const t = await getTransactionDetail(ctx.db, ref);
      const [timeline, ledger, events, [row]] = await Promise.all([
        getTransactionTimeline(ctx.db, ref),
        getTransactionLedgerEntries(ctx.db, ref),
        listEventsForTransaction(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, transactionId: input.id }),
        transactionRows(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, [t]),
      ]);
      return {
        transaction: row,
        timeline: timeline.map(timelineView),
        ledger: ledger.map(ledgerView),
        webhooks: events.map((e) => ({ ...webhookEventView(e), attempts: e.attempts.map(attemptView) })),
      };
    }),

  resendWebhook: modeProcedure("developer")
    .input(z.object({ id: txId }))
    .output(z.object({ transactionId: z.string(), webhookUrl: z.string(), eventId: z.string() }))
    .mutation(({ ctx, input }) => resendWebhook(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, transactionId: input.id }, wakeWorker)),
});
