import { z } from "../../zod";
import { TRPCError } from "@trpc/server";
import { createInvitation, listPendingInvitations, revokeInvitation } from "../../team/invitations";
import { changeMemberRole, listMembers, removeMember } from "../../team/members";
import { memberProcedure, merchantScope, router } from "../init";
import { emailInput, okOutput, roleSchema } from "../schemas";
import { assertEmailVerified } from "../../auth/email-verification";
import { mailInvitation } from "../../team/invitation-mail";

const member = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  joinedAt: z.date(),
  lastSignInAt: z.date().nullable(),
});
const invitation = z.object({ id: z.string(), email: z.string(), role: roleSchema, createdAt: z.date(), expiresAt: z.date(), expired: z.boolean() });

/** Team members and invitations. Everyone sees the team; only owners change it. */
export const teamRouter = router({
  members: memberProcedure("viewer")
    .input(merchantScope)
    .output(z.array(member))
    .query(({ ctx }) => listMembers(ctx.db, ctx.merchantId)),

  invitations: memberProcedure("owner")
    .input(merchantScope)
    .output(z.array(invitation))
    .query(({ ctx }) => listPendingInvitations(ctx.db, ctx.merchantId)),

  invite: memberProcedure("owner")
    .input(z.object({ email: emailInput, role: roleSchema }))
    .output(z.object({ id: z.string(), email: z.string(), role: roleSchema, token: z.string(), expiresAt: z.date(), mailed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      assertEmailVerified(ctx.user, "inviting people");
      const created = await createInvitation(ctx.db, { merchantId: ctx.merchantId, email: input.email, role: input.role, invitedBy: ctx.user.id });
      const { mailed } = await mailInvitation(ctx.db, { merchantId: ctx.merchantId, invitedBy: ctx.user.id, email: created.email, role: created.role, token: created.token });
      return { ...created, mailed };
    }),

  revokeInvitation: memberProcedure("owner")
    .input(z.object({ invitationId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx.db, { merchantId: ctx.merchantId, invitationId: input.invitationId });
      return { ok: true as const };
    }),

  changeRole: memberProcedure("owner")
    .input(z.object({ userId: z.string().min(1).max(64), role: roleSchema }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await changeMemberRole(ctx.db, { merchantId: ctx.merchantId, userId: input.userId, role: input.role });
      return { ok: true as const };
    }),

  removeMember: memberProcedure("owner")
    .input(z.object({ userId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.userId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot remove yourself from the team." });
      await removeMember(ctx.db, { merchantId: ctx.merchantId, userId: input.userId });
      return { ok: true as const };
    }),
});
