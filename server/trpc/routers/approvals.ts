import { z } from "../../zod";
import { listApprovals } from "../../payments/approvals/list";
import { approveHeldPayout, rejectHeldPayout } from "../../payments/approvals/decide";
import { getApprovalSettings, saveApprovalSettings, settingsView } from "../../payments/approvals/settings";
import { wakeWorker } from "../../worker/loop";
import type { Minor } from "../../money";
import { PAYOUT_APPROVAL_STATUSES } from "../../vocabulary";
import { modeProcedure, modeScope, router } from "../init";
import { amountInput, currencySchema, money, moneyText } from "../schemas";
import { auditScope } from "../audit";

/**
 * Payout approvals (issue 22, maker-checker). Owners set thresholds per currency for the
 * mode they are in and whether API payouts are held too; every member sees what waits;
 * an owner other than the one who asked approves or rejects.
 */
const settingsOutput = z.object({ thresholds: z.record(z.string(), moneyText), holdApiPayouts: z.boolean() });
const approvalRow = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_APPROVAL_STATUSES),
  source: z.string(),
  transactionId: z.string().nullable(),
  bulkBatchId: z.string().nullable(),
  beneficiary: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  itemCount: z.number(),
  currency: z.string(),
  amount: moneyText,
  requestedByLabel: z.string(),
  requestedByYou: z.boolean(),
  decidedByLabel: z.string().nullable(),
  decidedAt: z.date().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
});
const decisionOutput = z.object({ released: z.number() });

export const approvalsRouter = router({
  settings: modeProcedure("viewer")
    .input(modeScope)
    .output(settingsOutput)
    .query(async ({ ctx, input }) => settingsView(await getApprovalSettings(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, { fresh: true }))),

  saveSettings: modeProcedure("owner")
    .input(z.object({ thresholds: z.array(z.object({ currency: currencySchema, amount: amountInput })).max(20), holdApiPayouts: z.boolean() }))
    .output(settingsOutput)
    .mutation(async ({ ctx, input }) => {
      const thresholds = new Map<string, Minor>(input.thresholds.map((t) => [t.currency, t.amount]));
      const saved = await saveApprovalSettings(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, thresholds, holdApiPayouts: input.holdApiPayouts, updatedBy: ctx.user.id }, auditScope(ctx));
      return settingsView(saved);
    }),

  list: modeProcedure("viewer")
    .input(z.object({ status: z.enum(PAYOUT_APPROVAL_STATUSES).optional() }))
    .output(z.array(approvalRow))
    .query(async ({ ctx, input }) =>
      (await listApprovals(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, status: input.status })).map((a) => ({
        ...a,
        amount: money(a.amount),
        requestedByYou: a.requestedByType === "user" && a.requestedById === ctx.user.id,
      })),
    ),

  approve: modeProcedure("owner")
    .input(z.object({ approvalId: z.string().min(1).max(64) }))
    .output(decisionOutput)
    .mutation(async ({ ctx, input }) => {
      const r = await approveHeldPayout(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, approvalId: input.approvalId, decidedBy: ctx.user }, auditScope(ctx));
      wakeWorker();
      return r;
    }),

  reject: modeProcedure("owner")
    .input(z.object({ approvalId: z.string().min(1).max(64), reason: z.string().trim().max(300).optional() }))
    .output(decisionOutput)
    .mutation(async ({ ctx, input }) => {
      const r = await rejectHeldPayout(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, approvalId: input.approvalId, decidedBy: ctx.user, reason: input.reason || null }, auditScope(ctx));
      wakeWorker();
      return r;
    }),
});

