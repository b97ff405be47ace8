import { z } from "../../zod";
import { mailConfigured } from "../../mail/send";
import { resendVerificationEmail } from "../../auth/email-verification";
import { startEnrolment, twoFactorStatus } from "../../auth/two-factor";
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setTeamTwoFactorRequirement } from "../../auth/two-factor-settings";
import { operatorTwoFactorRequired, teamRequiresTwoFactor } from "../../auth/two-factor-policy";
import { memberProcedure, merchantScope, router, signedInProcedure, type TrpcContext } from "../init";
import type { SessionUser } from "../../auth/session";
import { okOutput } from "../schemas";

const codes = z.object({ recoveryCodes: z.array(z.string()) });
const password = z.string().min(1, "Enter your password.").max(1024);

function actor(ctx: TrpcContext & { user: SessionUser }) {
  return {
    userId: ctx.user.id,
    email: ctx.user.email,
    address: ctx.clientAddress ?? "unknown",
    origin: { ip: ctx.clientAddress ?? null, userAgent: ctx.userAgent ?? null },
  };
}

/** The signed-in person's own security settings (issue 22): email verification, two-factor sign-in, the team's requirement. */
export const securityRouter = router({
  status: signedInProcedure
    .input(z.void())
    .output(
      z.object({
        emailVerified: z.boolean(),
        mailConfigured: z.boolean(),
        twoFactor: z.object({ enabled: z.boolean(), enabledAt: z.date().nullable(), recoveryCodesLeft: z.number().int() }),
        operatorNeedsTwoFactor: z.boolean(),
      }),
    )
    .query(async ({ ctx }) => ({
      emailVerified: ctx.user.emailVerified,
      mailConfigured: mailConfigured(),
      twoFactor: await twoFactorStatus(ctx.db, ctx.user.id),
      operatorNeedsTwoFactor: ctx.user.isOperator && operatorTwoFactorRequired(),
    })),

  resendVerification: signedInProcedure
    .input(z.void())
    .output(z.object({ alreadyVerified: z.boolean(), mailConfigured: z.boolean() }))
    .mutation(async ({ ctx }) => ({ ...(await resendVerificationEmail(ctx.db, ctx.user.id)), mailConfigured: mailConfigured() })),

  /** Step one: a new secret and its QR code (shown once; nothing is on until confirmed). */
  startTwoFactor: signedInProcedure
    .input(z.void())
    .output(z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() }))
    .mutation(({ ctx }) => startEnrolment(ctx.db, ctx.user)),

  confirmTwoFactor: signedInProcedure
    .input(z.object({ code: z.string().trim().min(1, "Enter the 6-digit code.").max(16) }))
    .output(codes)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.db, actor(ctx), input.code)),

  disableTwoFactor: signedInProcedure
    .input(z.object({ password }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx.db, actor(ctx), input.password);
      return { ok: true as const };
    }),

  regenerateRecoveryCodes: signedInProcedure
    .input(z.object({ password }))
    .output(codes)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, actor(ctx), input.password)),

  teamRequirement: memberProcedure("viewer")
    .input(merchantScope)
    .output(z.object({ required: z.boolean() }))
    .query(async ({ ctx }) => ({ required: await teamRequiresTwoFactor(ctx.db, ctx.merchantId) })),

  setTeamRequirement: memberProcedure("owner")
    .input(z.object({ required: z.boolean() }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await setTeamTwoFactorRequirement(ctx.db, { ...actor(ctx), merchantId: ctx.merchantId, twoFactorEnabled: ctx.user.twoFactorEnabled }, input.required);
      return { ok: true as const };
    }),
});
