import { z } from "../../zod";
import { mailConfigured } from "../../mail/send";
import { verifyEmail } from "../../auth/email-verification";
import { requestPasswordReset, resetLinkUsable, resetPassword } from "../../auth/password-reset";
import { publicProcedure, router } from "../init";
import { emailInput } from "../schemas";

const token = z.string().trim().min(20).max(200);

/** The signed-out account links (issue 22): forgot password, reset, verify email. */
export const recoveryRouter = router({
  /** Same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(z.object({ email: emailInput, locale: z.enum(["en", "fr"]).optional() }))
    .output(z.object({ message: z.string(), mailConfigured: z.boolean() }))
    .mutation(async ({ ctx, input }) => ({
      ...(await requestPasswordReset(ctx.db, { email: input.email, locale: input.locale, address: ctx.clientAddress ?? "unknown" })),
      mailConfigured: mailConfigured(),
    })),

  resetLinkStatus: publicProcedure
    .input(z.object({ token }))
    .output(z.object({ usable: z.boolean() }))
    .query(async ({ ctx, input }) => ({ usable: await resetLinkUsable(ctx.db, { token: input.token, address: ctx.clientAddress ?? "unknown" }) })),

  resetPassword: publicProcedure
    .input(z.object({ token, newPassword: z.string().min(8, "Use at least 8 characters.").max(200) }))
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) =>
      resetPassword(ctx.db, { ...input, address: ctx.clientAddress ?? "unknown", origin: { ip: ctx.clientAddress ?? null, userAgent: ctx.userAgent ?? null } }),
    ),

  verifyEmail: publicProcedure
    .input(z.object({ token }))
    .output(z.object({ verified: z.boolean() }))
    .mutation(({ ctx, input }) => verifyEmail(ctx.db, { token: input.token, address: ctx.clientAddress ?? "unknown", origin: { ip: ctx.clientAddress ?? null, userAgent: ctx.userAgent ?? null } })),
});
