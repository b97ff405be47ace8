import { z } from "../../zod";
import { createRefundOnce } from "../../payments/refunds/create-refund";
import { listRefunds } from "../../payments/refunds/list-refunds";
import type { TransactionStatusView } from "../../payments/api-views";
import { toAmount, toMinor } from "../../money";
import { modeProcedure, router } from "../init";
import { amountInput, money, moneyText } from "../schemas";
import { transactionStatusSchema } from "../dashboard-views";
import { recordAfter } from "../../audit/actors";
import { auditScope } from "../audit";

const txId = z.string().trim().min(1).max(64);
const minorOf = (n: number) => toMinor(n) ?? 0n;

export const refundRow = z.object({
  id: z.string(),
  status: transactionStatusSchema,
  amount: moneyText,
  fee: moneyText,
  currency: z.string(),
  createdAt: z.date(),
});

/** A refund as the API shows it (2.3), for the dashboard (decimal text, dates). */
function refundView(r: TransactionStatusView): z.infer<typeof refundRow> {
  return {
    id: r.transaction_id,
    status: r.status,
    amount: money(minorOf(r.amount)),
    fee: money(minorOf(r.fee)),
    currency: r.currency,
    createdAt: new Date(r.created_at),
  };
}

/**
 * Refunds of a successful payin (D16) from the transaction detail: any member reads them,
 * owners and developers send one. The service enforces the refundable-amount rule.
 */
export const refundsRouter = router({
  list: modeProcedure("viewer")
    .input(z.object({ id: txId }))
    .output(z.object({ refundable: moneyText, refunds: z.array(refundRow) }))
    .query(async ({ ctx, input }) => {
      const r = await listRefunds(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, transactionId: input.id });
      return { refundable: money(minorOf(r.refundable_amount)), refunds: r.refunds.map(refundView) };
    }),

  create: modeProcedure("developer")
    .input(
      z.object({
        id: txId,
        amount: amountInput,
        reason: z.string().trim().max(255).optional(),
        /** One per confirmation in the browser: a refund retried after a dropped connection is made once. */
        idempotencyKey: z.string().min(8).max(100),
      }),
    )
    .output(z.object({ id: z.string(), status: transactionStatusSchema, amount: moneyText }))
    .mutation(async ({ ctx, input }) => {
      // The API's idempotent path (Idempotency-Key on POST …/refund), with the dialog's key.
      const { data: refund, replayed } = await createRefundOnce(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        transactionId: input.id,
        amount: toAmount(input.amount),
        reason: input.reason || undefined,
        idempotencyKey: `dashboard:${ctx.user.id}:${input.idempotencyKey}`,
      });
      if (!replayed) await recordAfter(ctx.db, auditScope(ctx), {
        merchantId: ctx.merchantId,
        mode: input.mode,
        action: "refund.created",
        target: { type: "refund", id: refund.transaction_id },
        after: { payin: input.id, amount: money(minorOf(refund.amount)), currency: refund.currency, reason: input.reason || null },
      });
      return { id: refund.transaction_id, status: refund.status, amount: money(minorOf(refund.amount)) };
    }),
});
