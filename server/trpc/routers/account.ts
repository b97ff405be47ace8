import { z } from "../../zod";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { signUpMerchant } from "../../merchants/sign-up";
import { listMemberships } from "../../auth/session";
import { publicProcedure, router, signedInProcedure } from "../init";
import { consumeOrThrow, limits } from "../../auth/throttle";
import { changePassword } from "../../auth/change-password";
import { emailInput, kycStatusSchema, okOutput, roleSchema } from "../schemas";

/** Sign-up (a merchant and its owner, no API keys: the dashboard creates them on demand) and the session's view. */
export const accountRouter = router({
  signUp: publicProcedure
    .input(
      z.object({
        businessName: z.string().trim().min(2, "Enter your business name.").max(120),
        name: z.string().trim().max(120).optional(),
        email: emailInput,
        password: z.string().min(8, "Use at least 8 characters.").max(200),
        /** The language of the page: the verification mail's, and the account's from then on. */
        locale: z.enum(["en", "fr"]).optional(),
      }),
    )
    // The same answer whether or not the address has an account (issue 19 §8).
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await consumeOrThrow(limits.signUp, ctx.clientAddress ?? "unknown");
      await signUpMerchant(ctx.db, { businessName: input.businessName, name: input.name, email: input.email, password: input.password, locale: input.locale ?? null });
      return { ok: true as const };
    }),

  me: signedInProcedure
    .input(z.void())
    .output(
      z.object({
        user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), isOperator: z.boolean() }),
        memberships: z.array(z.object({ merchantId: z.string(), merchantName: z.string(), role: roleSchema, kycStatus: kycStatusSchema })),
      }),
    )
    .query(async ({ ctx }) => ({
      user: { id: ctx.user.id, email: ctx.user.email, name: ctx.user.name, isOperator: ctx.user.isOperator },
      memberships: await listMemberships(ctx.db, ctx.user.id),
    })),

  /**
   * Needs the current password; ends every other session of the user (the dashboard signs
   * this one in again with the new password).
   */
  changePassword: signedInProcedure
    .input(z.object({ currentPassword: z.string().min(1).max(1024), newPassword: z.string().min(8, "Use at least 8 characters.").max(200) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, { userId: ctx.user.id, email: ctx.user.email, address: ctx.clientAddress ?? "unknown", userAgent: ctx.userAgent ?? undefined, ...input });
      return { ok: true as const };
    }),

  setLocale: signedInProcedure
    .input(z.object({ locale: z.enum(["en", "fr"]) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.update(users).set({ locale: input.locale, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
      return { ok: true as const };
    }),
});
