import { z } from "../../zod";
import { forgetFeeRules, getFeeRule, listFeeRules, updateFeeRule } from "../../fees/schedule";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";
import { toMinor } from "../../money";
import { operatorProcedure } from "../init";
import { money, moneyText } from "../schemas";
import { FEE_SCHEDULE_DIRECTIONS } from "../../vocabulary";

const direction = z.enum(FEE_SCHEDULE_DIRECTIONS);
const feeRule = z.object({
  id: z.string(),
  direction,
  countryCode: z.string(),
  network: z.string(),
  currency: z.string(),
  rateBps: z.number(),
  fixedAmount: moneyText,
  updatedAt: z.date(),
});

/** Percent text with at most 2 decimals → basis points ("1.5" → 150), without floats. */
const percentInput = z
  .string()
  .trim()
  .transform((s) => s.replace(",", "."))
  .refine((s) => /^\d{1,3}(\.\d{1,2})?$/.test(s), { message: "Enter a rate like 1.5 (percent, at most 2 decimals)." })
  .transform((s) => Number(toMinor(s)))
  .refine((bps) => bps >= 0 && bps <= 10_000, { message: "The rate must be between 0 and 100 %." });

const fixedInput = z
  .string()
  .trim()
  .transform((s) => s.replace(",", "."))
  .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), { message: "Enter a fixed fee like 0 or 25.50." })
  .transform((s) => toMinor(s) ?? 0n);

/** Fee schedule procedures of the operator router (server/fees/schedule.ts does the checks). */
export const feeRulesProcedures = {
  feeRules: operatorProcedure
    .input(z.object({ direction: direction.optional(), countryCode: z.string().trim().max(2).optional() }))
    .output(z.array(feeRule))
    .query(async ({ ctx, input }) =>
      (await listFeeRules(ctx.db, { direction: input.direction, countryCode: input.countryCode || undefined })).map((r) => ({
        id: r.id,
        direction: r.direction,
        countryCode: r.countryCode,
        network: r.network,
        currency: r.currency,
        rateBps: r.rateBps,
        fixedAmount: money(r.fixedAmount),
        updatedAt: r.updatedAt,
      })),
    ),

  updateFeeRule: operatorProcedure
    .input(
      z.object({
        direction,
        countryCode: z.string().trim().length(2),
        network: z.string().trim().min(1).max(40),
        currency: z.string().trim().length(3),
        ratePercent: percentInput,
        fixedAmount: fixedInput,
      }),
    )
    .output(feeRule)
    .mutation(async ({ ctx, input }) => {
      const key = { direction: input.direction, countryCode: input.countryCode.toUpperCase(), network: input.network, currency: input.currency.toUpperCase() };
      const before = await getFeeRule(ctx.db, key).catch(() => null);
      const r = await audited(
        ctx.db,
        auditScope(ctx, "operator"),
        (tx) => updateFeeRule(tx, { ...key, rateBps: input.ratePercent, fixedAmount: input.fixedAmount, updatedBy: ctx.user.id }),
        (rule) => ({
          merchantId: null,
          action: "fee_rule.updated",
          target: { type: "fee_rule", id: rule.id },
          before: before && { direction: key.direction, country_code: key.countryCode, network: key.network, currency: key.currency, rate_bps: before.rateBps, fixed_amount: money(before.fixedAmount) },
          after: { direction: rule.direction, country_code: rule.countryCode, network: rule.network, currency: rule.currency, rate_bps: rule.rateBps, fixed_amount: money(rule.fixedAmount) },
        }),
      );
      // The rules cache was cleared inside the transaction: once more now that it committed.
      forgetFeeRules();
      return { ...r, fixedAmount: money(r.fixedAmount) };
    }),
};
