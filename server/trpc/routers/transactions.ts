import { z } from "../../zod";
import { listTransactions, toServiceFilters, transactionFiltersInput } from "../../payments/list-transactions";
import { getTransactionDetail, getTransactionLedgerEntries, getTransactionTimeline } from "../../payments/get-transaction";
import { listEventsForTransaction } from "../../webhooks/delivery-log";
import { resendWebhook } from "../../webhooks/resend";
import { listEndpoints } from "../../webhooks/endpoints";
import { redactUrl } from "../../webhooks/url-guard";
import { countRequestLogsForTransaction } from "../../request-logs/list-request-logs";
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
/** Issue 22: a held payout's public status stays `pending`; the dashboard says "Awaiting approval". */
const listedRow = transactionRow.extend({ awaitingApproval: z.boolean() });

export const transactionsRouter = router({
  list: modeProcedure("viewer")
    .input(z.object({ filters: transactionFiltersInput.default({}), cursor: z.string().max(200).nullish(), limit: z.number().int().min(1).max(100).default(25) }))
    .output(z.object({ items: z.array(listedRow), nextCursor: z.string().nullable() }))
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
        transaction: listedRow,
        timeline: z.array(timelineEntry),
        ledger: z.array(ledgerEntry),
        webhooks: z.array(webhookEvent.extend({ attempts: z.array(webhookAttempt) })),
        /** Issue 23: the mode's webhook endpoints by id (which endpoint got what), and the requests that touched it. */
        endpoints: z.array(z.object({ id: z.string(), url: z.string(), description: z.string().nullable() })),
        requestLogCount: z.number(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const ref = { merchantId: ctx.merchantId, mode: input.mode, id: input.id };
      const t = await getTransactionDetail(ctx.db, ref);
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      const [timeline, ledger, events, endpoints, requestLogCount, [row]] = await Promise.all([
        getTransactionTimeline(ctx.db, ref),
        getTransactionLedgerEntries(ctx.db, ref),
        listEventsForTransaction(ctx.db, { ...scope, transactionId: input.id }),
        listEndpoints(ctx.db, scope),
        countRequestLogsForTransaction(ctx.db, { ...scope, transactionId: input.id }),
        transactionRows(ctx.db, scope, [t]),
      ]);
      return {
        transaction: row,
        timeline: timeline.map(timelineView),
        ledger: ledger.map(ledgerView),
        webhooks: events.map((e) => ({ ...webhookEventView(e), attempts: e.attempts.map(attemptView) })),
        endpoints: endpoints.map((e) => ({ id: e.id, url: redactUrl(e.url), description: e.description })),
        requestLogCount,
      };
    }),

  resendWebhook: modeProcedure("developer")
    .input(z.object({ id: txId }))
    .output(z.object({ transactionId: z.string(), webhookUrl: z.string(), eventId: z.string() }))
    .mutation(({ ctx, input }) => resendWebhook(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, transactionId: input.id }, wakeWorker)),
});
