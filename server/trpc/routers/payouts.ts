import { z } from "../../zod";
import { quoteFee } from "../../fees/quote";
import { parseOrThrow } from "../../contracts/validation";
import { toAmount, toDecimalString, toMinor } from "../../money";
import { createPayout } from "../../payments/create-payout";
import { payoutBody } from "../../payments/create-payout.contract";
import { modeProcedure, router } from "../init";
import { amountInput, moneyText } from "../schemas";
import { recordAfter } from "../../audit/actors";
import { dashboardRequester } from "../../payments/approvals/requesters";
import { auditScope } from "../audit";

/**
 * The dashboard's single payout (owners and developers): the fee quote first, then
 * creation through the very service the REST API uses (createPayout), in the mode the
 * dashboard shows. Same checks, same ledger reservation, same webhook; only the caller
 * differs. Viewers are refused by the role check, whatever the page shows.
 */
const destination = z.object({
  countryCode: z.string().trim().toUpperCase().length(2),
  network: z.string().trim().min(1).max(50),
  currency: z.string().trim().toUpperCase().min(3).max(3),
  amount: amountInput,
});

const quoteOutput = z.object({ amount: moneyText, fee: moneyText, chargedAmount: moneyText, currency: z.string() });

/** quoteFee answers in numbers (the REST shape); the dashboard moves money as decimal text. */
const text = (n: number) => toDecimalString(toMinor(n) ?? 0n);

export const payoutsRouter = router({
  quote: modeProcedure("developer")
    .input(destination)
    .output(quoteOutput)
    .query(async ({ ctx, input }) => {
      const q = await quoteFee(ctx.db, { direction: "payout", countryCode: input.countryCode, network: input.network, currency: input.currency, amount: input.amount });
      return { amount: text(q.amount), fee: text(q.fee), chargedAmount: text(q.charged_amount), currency: q.currency };
    }),

  create: modeProcedure("developer")
    .input(
      destination.extend({
        phoneNumber: z.string().trim().min(1).max(32),
        beneficiary: z.string().trim().min(1).max(255),
        orderId: z.string().trim().max(255).optional(),
        /** One per confirmation in the browser: a double click or a retried request pays once. */
        idempotencyKey: z.string().min(8).max(100),
      }),
    )
    .output(z.object({ id: z.string(), status: z.string(), amount: moneyText, fee: moneyText, chargedAmount: moneyText, currency: z.string(), awaitingApproval: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      // The REST body, validated by the REST schema: the same field rules and messages.
      const request = parseOrThrow(payoutBody, {
        amount: toAmount(input.amount),
        currency: input.currency,
        payment_method: "mobile_money",
        order_id: input.orderId || null,
        metadata: { network: input.network, phone_number: input.phoneNumber, country_code: input.countryCode, beneficiary: input.beneficiary },
      });
      const { data, replayed, approvalId } = await createPayout(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        request,
        idempotencyKey: `dashboard:${ctx.user.id}:${input.idempotencyKey}`,
        requester: dashboardRequester(ctx.user),
      });
      // The payout commits through the per-wallet batch (its own transaction): its record right after.
      if (!replayed) {
        await recordAfter(ctx.db, auditScope(ctx), {
          merchantId: ctx.merchantId,
          mode: input.mode,
          action: approvalId ? "payout.held_for_approval" : "payout.created",
          target: { type: "payout", id: data.transaction_id },
          after: { amount: text(data.amount), currency: data.currency, beneficiary: input.beneficiary, phone_number: input.phoneNumber, network: input.network },
        });
      }
      return {
        id: data.transaction_id,
        status: data.status,
        amount: text(data.amount),
        fee: text(data.fee),
        chargedAmount: text(data.charged_amount),
        currency: data.currency,
        awaitingApproval: Boolean(approvalId),
      };
    }),
});
