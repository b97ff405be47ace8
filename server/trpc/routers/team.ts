import { z } from "../../zod";
import { TRPCError } from "@trpc/server";
import { createInvitation, listPendingInvitations, revokeInvitation } from "../../team/invitations";
import { changeMemberRole, listMembers, removeMember } from "../../team/members";
import { memberProcedure, merchantScope, router } from "../init";
import { emailInput, okOutput, roleSchema } from "../schemas";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];
const memberOf = async (db: Parameters<typeof listMembers>[0], merchantId: string, userId: string): Promise<MemberRow | undefined> =>
  (await listMembers(db, merchantId)).find((m) => m.userId === userId);
import { assertEmailVerified } from "../../auth/email-verification";
import { mailInvitation } from "../../team/invitation-mail";

const member = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  joinedAt: z.date(),
  lastSignInAt: z.date().nullable(),
  activeKeys: z.number().int(),
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
      const created = await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => createInvitation(tx, { merchantId: ctx.merchantId, email: input.email, role: input.role, invitedBy: ctx.user.id }),
        (inv) => ({ merchantId: ctx.merchantId, action: "team.invitation_created", target: { type: "invitation", id: inv.id }, after: { email: inv.email, role: inv.role } }),
      );
      const { mailed } = await mailInvitation(ctx.db, { merchantId: ctx.merchantId, invitedBy: ctx.user.id, email: created.email, role: created.role, token: created.token });
      return { ...created, mailed };
    }),

  revokeInvitation: memberProcedure("owner")
    .input(z.object({ invitationId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => revokeInvitation(tx, { merchantId: ctx.merchantId, invitationId: input.invitationId }),
        () => ({ merchantId: ctx.merchantId, action: "team.invitation_revoked", target: { type: "invitation", id: input.invitationId } }),
      );
      return { ok: true as const };
    }),

  changeRole: memberProcedure("owner")
    .input(z.object({ userId: z.string().min(1).max(64), role: roleSchema }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const before = await memberOf(ctx.db, ctx.merchantId, input.userId);
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => changeMemberRole(tx, { merchantId: ctx.merchantId, userId: input.userId, role: input.role }),
        () => ({
          merchantId: ctx.merchantId,
          action: "team.role_changed",
          target: { type: "user", id: input.userId },
          before: { email: before?.email ?? null, role: before?.role ?? null },
          after: { email: before?.email ?? null, role: input.role },
        }),
      );
      return { ok: true as const };
    }),

  /** revokeKeys (default true): also revoke the API keys the member created here (issue 19 §10). */
  removeMember: memberProcedure("owner")
    .input(z.object({ userId: z.string().min(1).max(64), revokeKeys: z.boolean().default(true) }))
    .output(z.object({ ok: z.literal(true), revokedKeys: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      if (input.userId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot remove yourself from the team." });
      const { revokedKeys } = await removeMember(ctx.db, {
        merchantId: ctx.merchantId,
        userId: input.userId,
        revokeKeys: input.revokeKeys,
        actor: { type: "user", id: ctx.user.id, label: ctx.user.email },
        origin: { ip: ctx.clientAddress ?? null },
      });
      return { ok: true as const, revokedKeys };
    }),
});
