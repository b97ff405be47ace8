import { z } from "../../zod";
import { createPaymentLink, deactivatePaymentLink, findPaymentLink, linkState, linkStats, listPaymentLinks, type LinkStats } from "../../payment-links/links";
import { configuredPublicOrigin } from "../../payment-links/public-origin";
import { listLinkPayments } from "../../payment-links/link-payments";
import { COLLECT_FIELDS } from "../../payment-links/payment-links.contract";
import { toAmount, toMinor } from "../../money";
import { fieldError } from "../../errors";
import type { PaymentLink } from "../../db/schema";
import { modeProcedure, router } from "../init";
import { money, moneyText } from "../schemas";
import { transactionStatusSchema } from "../dashboard-views";

const linkRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(["active", "inactive", "expired", "completed"]),
  countryCode: z.string(),
  currency: z.string(),
  amount: moneyText.nullable(),
  minAmount: moneyText.nullable(),
  maxAmount: moneyText.nullable(),
  collectFields: z.array(z.string()),
  maxPayments: z.number().nullable(),
  expiresAt: z.date().nullable(),
  createdAt: z.date(),
  paymentCount: z.number(),
  successfulCount: z.number(),
  collected: moneyText,
});

function linkRowView(l: PaymentLink, s: LinkStats): z.infer<typeof linkRow> {
  const dec = (m: bigint | null) => (m === null ? null : money(m));
  return {
    id: l.id,
    slug: l.slug,
    title: l.title,
    description: l.description,
    status: linkState(l, s),
    countryCode: l.countryCode,
    currency: l.currency,
    amount: dec(l.amount),
    minAmount: dec(l.minAmount),
    maxAmount: dec(l.maxAmount),
    collectFields: l.collectFields,
    maxPayments: l.maxPayments,
    expiresAt: l.expiresAt,
    createdAt: l.createdAt,
    paymentCount: s.paymentCount,
    successfulCount: s.successfulCount,
    collected: money(s.collected),
  };
}

/** Decimal text typed in the form → the API's number (the service checks bounds and limits). */
const optionalAmount = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s\u00a0\u202f]/g, "").replace(",", "."))
  .refine((s) => s === "" || (/^\d+(\.\d{1,2})?$/.test(s) && (toMinor(s) ?? 0n) > 0n), { message: "Enter an amount like 5000 or 25.50." })
  .transform((s) => (s === "" ? null : toAmount(toMinor(s)!)));

const idInput = z.object({ id: z.string().trim().min(1).max(64) });

/** Payment links in the dashboard (issue 21): any member reads, owners and developers create and deactivate. */
export const paymentLinksRouter = router({
  list: modeProcedure("viewer")
    .output(z.object({ origin: z.string().nullable(), links: z.array(linkRow) }))
    .query(async ({ ctx, input }) => {
      const rows = await listPaymentLinks(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, limit: 200 });
      return { origin: configuredPublicOrigin(), links: rows.map((r) => linkRowView(r.link, r.stats)) };
    }),

  get: modeProcedure("viewer")
    .input(idInput)
    .output(
      z.object({
        origin: z.string().nullable(),
        link: linkRow,
        payments: z.array(
          z.object({
            id: z.string(),
            status: transactionStatusSchema,
            amount: moneyText,
            fee: moneyText,
            currency: z.string(),
            network: z.string(),
            phone: z.string(),
            payerName: z.string().nullable(),
            payerEmail: z.string().nullable(),
            payerReference: z.string().nullable(),
            createdAt: z.date(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => {
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      const link = await findPaymentLink(ctx.db, { ...scope, id: input.id });
      const stats = (await linkStats(ctx.db, [link.id])).get(link.id)!;
      const payments = await listLinkPayments(ctx.db, { ...scope, linkId: link.id });
      return {
        origin: configuredPublicOrigin(),
        link: linkRowView(link, stats),
        payments: payments.map((p) => ({ ...p, amount: money(p.amount), fee: money(p.fee), phone: `+${p.phoneNumber}` })),
      };
    }),

  create: modeProcedure("developer")
    .input(
      z.object({
        title: z.string().trim().min(1, "Enter a title.").max(100),
        description: z.string().trim().max(500).optional(),
        countryCode: z.string().trim().min(2).max(2),
        currency: z.string().trim().max(3).optional(),
        amountKind: z.enum(["fixed", "open"]),
        amount: optionalAmount,
        minAmount: optionalAmount,
        maxAmount: optionalAmount,
        collectFields: z.array(z.enum(COLLECT_FIELDS)).max(3),
        maxPayments: z.number().int().min(1).max(1_000_000).nullable(),
        expiresAt: z.date().nullable(),
      }),
    )
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const fixed = input.amountKind === "fixed";
      if (fixed && input.amount === null) throw fieldError("amount", "Enter the amount.");
      const link = await createPaymentLink(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        body: {
          title: input.title,
          description: input.description || null,
          country_code: input.countryCode,
          currency: input.currency || null,
          amount: fixed ? input.amount : null,
          min_amount: fixed ? null : input.minAmount,
          max_amount: fixed ? null : input.maxAmount,
          collect_fields: input.collectFields,
          max_payments: input.maxPayments,
          expires_at: input.expiresAt?.toISOString() ?? null,
        },
      });
      return { id: link.id };
    }),

  deactivate: modeProcedure("developer")
    .input(idInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deactivatePaymentLink(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, id: input.id, actor: { type: "user", id: ctx.user.id, label: ctx.user.email } });
      return { ok: true as const };
    }),
});
