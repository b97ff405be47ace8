import { z } from "../../zod";
import { getKycState, submitKyc } from "../../kyc/submit-kyc";
import { memberProcedure, merchantScope, router } from "../init";
import { kycStatusSchema } from "../schemas";

const submission = z.object({
  id: z.string(),
  legalName: z.string(),
  registrationNumber: z.string(),
  countryCode: z.string(),
  address: z.string(),
  representative: z.string(),
  status: kycStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
  reviewedAt: z.date().nullable(),
});

const toView = (s: z.infer<typeof submission> & Record<string, unknown>) => ({
  id: s.id,
  legalName: s.legalName,
  registrationNumber: s.registrationNumber,
  countryCode: s.countryCode,
  address: s.address,
  representative: s.representative,
  status: s.status,
  rejectionReason: s.rejectionReason,
  createdAt: s.createdAt,
  reviewedAt: s.reviewedAt,
});

/** KYC as the merchant sees it. Submitting is the owner's decision. */
export const kycRouter = router({
  get: memberProcedure("viewer")
    .input(merchantScope)
    .output(z.object({ status: kycStatusSchema, rejectionReason: z.string().nullable(), latest: submission.nullable() }))
    .query(async ({ ctx }) => {
      const state = await getKycState(ctx.db, ctx.merchantId);
      return { status: state.status, rejectionReason: state.rejectionReason, latest: state.latest ? toView(state.latest) : null };
    }),

  submit: memberProcedure("owner")
    .input(
      z.object({
        legalName: z.string().max(300),
        registrationNumber: z.string().max(100),
        countryCode: z.string().max(3),
        address: z.string().max(500),
        representative: z.string().max(300),
      }),
    )
    .output(submission)
    .mutation(async ({ ctx, input }) => toView(await submitKyc(ctx.db, { ...input, merchantId: ctx.merchantId, submittedBy: ctx.user.id }))),
});
