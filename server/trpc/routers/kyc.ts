import { z } from "../../zod";
import { getKycState, submitKyc } from "../../kyc/submit-kyc";
import { memberProcedure, merchantScope, router } from "../init";
import { kycStatusSchema } from "../schemas";
import { kycSubmission, kycSubmissionView } from "../dashboard-views";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

/** KYC as the merchant sees it. Submitting is the owner's decision. */
export const kycRouter = router({
  get: memberProcedure("viewer")
    .input(merchantScope)
    .output(z.object({ status: kycStatusSchema, rejectionReason: z.string().nullable(), latest: kycSubmission.nullable() }))
    .query(async ({ ctx }) => {
      const state = await getKycState(ctx.db, ctx.merchantId);
      return { status: state.status, rejectionReason: state.rejectionReason, latest: state.latest ? kycSubmissionView(state.latest) : null };
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
    .output(kycSubmission)
    .mutation(async ({ ctx, input }) =>
      kycSubmissionView(
        await audited(
          ctx.db,
          auditScope(ctx),
          (tx) => submitKyc(tx, { ...input, merchantId: ctx.merchantId, submittedBy: ctx.user.id }),
          (s) => ({ merchantId: ctx.merchantId, action: "kyc.submitted", target: { type: "kyc_submission", id: s.id }, after: { legal_name: input.legalName, country_code: input.countryCode } }),
        ),
      ),
    ),
});
