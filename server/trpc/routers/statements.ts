import { z } from "../../zod";
import { checkPeriod, dailyBalances, getStatement, statementPeriod } from "../../ledger/statements";
import { modeProcedure, router } from "../init";
import { money, moneyText } from "../schemas";

const movementRow = z.object({
  time: z.date(),
  entryId: z.string(),
  transactionId: z.string().nullable(),
  orderId: z.string().nullable(),
  type: z.string(),
  amount: moneyText,
  fee: moneyText,
  balanceAfter: moneyText,
});

/** The statement page (D16): the same statement as the API, plus the end-of-day balances for the chart. Read-only: any member. */
export const statementsRouter = router({
  get: modeProcedure("viewer")
    .input(statementPeriod.superRefine(checkPeriod))
    .output(
      z.object({
        currency: z.string(),
        from: z.string(),
        to: z.string(),
        opening: moneyText,
        closing: moneyText,
        totalCredits: moneyText,
        totalDebits: moneyText,
        movements: z.array(movementRow),
        days: z.array(z.object({ date: z.string(), balance: moneyText })),
      }),
    )
    .query(async ({ ctx, input }) => {
      const s = await getStatement(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, currency: input.currency, from: input.from, to: input.to });
      return {
        currency: s.currency,
        from: s.from,
        to: s.to,
        opening: money(s.opening),
        closing: money(s.closing),
        totalCredits: money(s.totalCredits),
        totalDebits: money(s.totalDebits),
        movements: s.movements.map((m) => ({
          time: m.time,
          entryId: m.entryId,
          transactionId: m.transactionId,
          orderId: m.orderId,
          type: m.type,
          amount: money(m.amount),
          fee: money(m.fee),
          balanceAfter: money(m.balanceAfter),
        })),
        days: dailyBalances(s).map((d) => ({ date: d.date, balance: money(d.balance) })),
      };
    }),
});
