import { z } from "../../zod";
import { getBalances } from "../../ledger/balances";
import { listTransactions } from "../../payments/list-transactions";
import { getActivity } from "../../reports/overview";
import { modeProcedure, router } from "../init";
import { money, moneyText } from "../schemas";
import { transactionRow } from "../dashboard-views";
import { transactionRows } from "../transaction-rows";

const period = z.object({ volume: moneyText, successful: z.number(), finished: z.number(), total: z.number(), successRate: z.number().nullable() });
const p = (s: { volume: bigint; successful: number; finished: number; total: number; successRate: number | null }) => ({ ...s, volume: money(s.volume) });

/** The Overview page in one call: balances, activity per currency with the daily series, recent transactions. */
export const overviewRouter = router({
  get: modeProcedure("viewer")
    .input(z.object({ timeZone: z.string().max(64).optional() }))
    .output(
      z.object({
        balances: z.array(z.object({ currency: z.string(), available: moneyText, inFlight: moneyText })),
        activity: z.array(
          z.object({
            currency: z.string(),
            today: period,
            last30Days: period,
            daily: z.array(z.object({ day: z.string(), volume: moneyText, successful: z.number(), finished: z.number(), total: z.number() })),
          }),
        ),
        recent: z.array(transactionRow),
      }),
    )
    .query(async ({ ctx, input }) => {
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      const [balances, activity, recent] = await Promise.all([
        getBalances(ctx.db, scope),
        getActivity(ctx.db, { ...scope, timeZone: input.timeZone }),
        listTransactions(ctx.db, { ...scope, limit: 6 }),
      ]);
      return {
        balances: balances.map((b) => ({ currency: b.currency, available: money(b.available), inFlight: money(b.inFlight) })),
        activity: activity.map((a) => ({
          currency: a.currency,
          today: p(a.today),
          last30Days: p(a.last30Days),
          daily: a.daily.map((d) => ({ ...d, volume: money(d.volume) })),
        })),
        recent: await transactionRows(ctx.db, scope, recent.items),
      };
    }),
});
