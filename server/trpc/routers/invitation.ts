import { z } from "../../zod";
import { acceptInvitation, signUpWithInvitation } from "../../team/accept-invitation";
import { findInvitationByToken } from "../../team/invitations";
import { publicProcedure, router, signedInProcedure } from "../init";
import { roleSchema } from "../schemas";
import { consumeOrThrow, limits } from "../../auth/throttle";
import { sendVerificationEmail } from "../../auth/email-verification";
import { findUserByEmail } from "../../auth/users";

const token = z.string().trim().min(20).max(200);

/** The /invite/[token] page: look the link up, then join signed in or as a new user. */
export const invitationRouter = router({
  lookup: publicProcedure
    .input(z.object({ token }))
    .output(
      z
        .object({ merchantName: z.string(), email: z.string(), role: roleSchema, state: z.enum(["valid", "expired", "accepted", "revoked"]) })
        .nullable(),
    )
    .query(async ({ ctx, input }) => {
      const view = await findInvitationByToken(ctx.db, input.token);
      return view ? { merchantName: view.merchantName, email: view.email, role: view.role, state: view.state } : null;
    }),

  accept: signedInProcedure
    .input(z.object({ token }))
    .output(z.object({ merchantId: z.string(), merchantName: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await consumeOrThrow(limits.invitation, ctx.clientAddress ?? "unknown");
      return acceptInvitation(ctx.db, { token: input.token, userId: ctx.user.id, userEmail: ctx.user.email });
    }),

  signUp: publicProcedure
    .input(z.object({ token, name: z.string().trim().max(120), password: z.string().min(8, "Use at least 8 characters.").max(200) }))
    .output(z.object({ merchantId: z.string(), email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await consumeOrThrow(limits.invitation, ctx.clientAddress ?? "unknown");
      const joined = await signUpWithInvitation(ctx.db, input);
      // Issue 22: a copied link proves nothing about the mailbox; the address is verified like any sign-up's.
      const user = await findUserByEmail(ctx.db, joined.email);
      if (user) await sendVerificationEmail(ctx.db, { id: user.id, email: user.email, locale: user.locale });
      return joined;
    }),
});
