import { z } from "../../zod";
import { creditWallet } from "../../ledger/operator-credit";
import { listWallets } from "../../ledger/wallets";
import { approveKyc, listKycSubmissions, rejectKyc } from "../../kyc/review-kyc";
import { listMerchantsForOperator } from "../../operator/list-merchants";
import { getMerchant } from "../../merchants/create-merchant";
import { errors } from "../../errors";
import { BREAKER_STATES } from "../../vocabulary";
import { listMembers } from "../../team/members";
import { modeSchema, operatorProcedure, router } from "../init";
import { amountInput, currencySchema, kycStatusSchema, money, moneyText, okOutput, roleSchema } from "../schemas";
import { feeRulesProcedures } from "./operator-fees";
import { operatorAuditProcedures } from "./audit";
import { statusIncidentProcedures } from "./operator-status";
import { kycSubmissionForOperator, kycSubmissionForOperatorView } from "../dashboard-views";
import { liveNetworksHealth, transactionsNeedingAttention } from "../../operator/live-rails-health";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

const routeState = z.object({
  route: z.string(),
  label: z.string(),
  kind: z.enum(["direct", "aggregator"]),
  configured: z.boolean(),
  breaker: z.enum(BREAKER_STATES),
  consecutiveFailures: z.number(),
  lastSuccessAt: z.date().nullable(),
  lastErrors: z.array(z.object({ at: z.date(), message: z.string(), requestId: z.string().nullable() })),
  calls: z.number(),
  successRate: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
const directionRoutes = z.object({ current: z.string().nullable(), routes: z.array(routeState) });

const liveRailsOutput = z.object({
  networks: z.array(z.object({ countryCode: z.string(), network: z.string(), networkName: z.string(), payin: directionRoutes, payout: directionRoutes })),
  needsAttention: z.array(
    z.object({
      id: z.string(),
      merchantName: z.string(),
      type: z.string(),
      countryCode: z.string(),
      network: z.string(),
      connector: z.string(),
      route: z.string().nullable(),
      connectorRef: z.string().nullable(),
      operatorHandle: z.string().nullable(),
      amount: moneyText,
      currency: z.string(),
      createdAt: z.date(),
      lastOperatorError: z.string().nullable(),
    }),
  ),
});

/** The operator console. operatorProcedure checks users.is_operator on every call. */
export const operatorRouter = router({
  /** Live rails health (D15): availability, breakers, last errors, transactions needing attention. */
  liveRails: operatorProcedure.output(liveRailsOutput).query(async ({ ctx }) => ({
    networks: await liveNetworksHealth(),
    needsAttention: (await transactionsNeedingAttention(ctx.db)).map((t) => ({ ...t, amount: money(t.amount) })),
  })),

  merchants: operatorProcedure
    .input(z.object({ search: z.string().max(200).optional(), kycStatus: kycStatusSchema.optional(), offset: z.number().int().min(0).max(100_000).default(0) }))
    .output(
      z.object({
        total: z.number(),
        rows: z.array(
          z.object({ id: z.string(), name: z.string(), kycStatus: kycStatusSchema, createdAt: z.date(), ownerEmail: z.string().nullable(), memberCount: z.number() }),
        ),
      }),
    )
    .query(({ ctx, input }) => listMerchantsForOperator(ctx.db, { ...input, limit: 50 })),

  merchant: operatorProcedure
    .input(z.object({ merchantId: z.string().min(1).max(64) }))
    .output(
      z.object({
        id: z.string(),
        name: z.string(),
        kycStatus: kycStatusSchema,
        kycRejectionReason: z.string().nullable(),
        createdAt: z.date(),
        members: z.array(z.object({ email: z.string(), role: roleSchema })),
        wallets: z.array(z.object({ mode: modeSchema, currency: z.string(), available: moneyText, inFlight: moneyText })),
      }),
    )
    .query(async ({ ctx, input }) => {
      const m = await getMerchant(ctx.db, input.merchantId);
      if (!m) throw errors.notFound("Merchant not found");
      const wallets = [
        ...(await listWallets(ctx.db, { merchantId: m.id, mode: "live" })),
        ...(await listWallets(ctx.db, { merchantId: m.id, mode: "test" })),
      ];
      return {
        id: m.id,
        name: m.name,
        kycStatus: m.kycStatus,
        kycRejectionReason: m.kycRejectionReason,
        createdAt: m.createdAt,
        members: (await listMembers(ctx.db, m.id)).map((x) => ({ email: x.email, role: x.role })),
        wallets: wallets.map((w) => ({ mode: w.mode, currency: w.currency, available: money(w.available), inFlight: money(w.inFlight) })),
      };
    }),

  kycSubmissions: operatorProcedure
    .input(z.object({ status: kycStatusSchema.optional() }))
    .output(z.array(kycSubmissionForOperator))
    .query(async ({ ctx, input }) => (await listKycSubmissions(ctx.db, { status: input.status })).map(kycSubmissionForOperatorView)),

  approveKyc: operatorProcedure
    .input(z.object({ submissionId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx, "operator"),
        (tx) => approveKyc(tx, { submissionId: input.submissionId, operatorId: ctx.user.id }),
        (s) => ({ merchantId: s.merchantId, action: "kyc.approved", target: { type: "kyc_submission", id: s.id }, after: { status: "approved" } }),
      );
      return { ok: true as const };
    }),

  rejectKyc: operatorProcedure
    .input(z.object({ submissionId: z.string().min(1).max(64), reason: z.string().trim().min(3, "Tell the merchant why (at least 3 characters).").max(1000) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx, "operator"),
        (tx) => rejectKyc(tx, { submissionId: input.submissionId, operatorId: ctx.user.id, reason: input.reason }),
        (s) => ({ merchantId: s.merchantId, action: "kyc.rejected", target: { type: "kyc_submission", id: s.id }, after: { status: "rejected", reason: input.reason } }),
      );
      return { ok: true as const };
    }),

  /** Manual credit (e.g. a bank transfer received for a live wallet). Idempotent per reference. */
  credit: operatorProcedure
    .input(
      z.object({
        merchantId: z.string().min(1).max(64),
        mode: modeSchema,
        currency: currencySchema,
        amount: amountInput,
        reference: z.string().trim().min(1, "Enter the reference of the funds received.").max(120),
        reason: z.string().trim().max(300).optional(),
      }),
    )
    .output(z.object({ transferId: z.string(), created: z.boolean(), available: moneyText }))
    .mutation(async ({ ctx, input }) => {
      const r = await audited(
        ctx.db,
        auditScope(ctx, "operator"),
        (tx) =>
          creditWallet(tx, {
            merchantId: input.merchantId,
            mode: input.mode,
            currency: input.currency,
            amount: input.amount,
            reference: input.reference,
            reason: input.reason || `Manual credit by ${ctx.user.email}`,
            createdBy: ctx.user.id,
          }),
        // A reference already credited moves nothing: nothing to record.
        (c) =>
          c.created
            ? {
                merchantId: input.merchantId,
                mode: input.mode,
                action: "wallet.credited",
                target: { type: "ledger_transfer", id: c.transferId },
                after: { currency: input.currency, amount: money(input.amount), reference: input.reference, reason: input.reason || null },
              }
            : null,
      );
      return { transferId: r.transferId, created: r.created, available: money(r.available) };
    }),

  ...feeRulesProcedures,
  ...operatorAuditProcedures,
  ...statusIncidentProcedures,
});
