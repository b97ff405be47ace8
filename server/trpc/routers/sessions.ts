import { z } from "../../zod";
import { errors } from "../../errors";
import { endOtherSessions, endSession, listSessions } from "../../auth/user-sessions";
import { router, signedInProcedure } from "../init";

const session = z.object({ id: z.string(), userAgent: z.string().nullable(), address: z.string().nullable(), createdAt: z.date(), lastSeenAt: z.date(), current: z.boolean() });

/** Settings → Sessions (issue 19 §6): the signed-in user's open sessions; end one or all others. */
export const sessionsRouter = router({
  list: signedInProcedure
    .input(z.void())
    .output(z.array(session))
    .query(({ ctx }) => listSessions(ctx.db, { userId: ctx.user.id, currentId: ctx.user.sessionId ?? null })),

  end: signedInProcedure
    .input(z.object({ sessionId: z.string().min(1).max(64) }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await endSession(ctx.db, { sessionId: input.sessionId, userId: ctx.user.id, reason: "ended_by_user" }))) throw errors.notFound("Session not found");
      return { ok: true as const };
    }),

  endOthers: signedInProcedure
    .input(z.void())
    .output(z.object({ ended: z.number().int() }))
    .mutation(async ({ ctx }) => ({ ended: ctx.user.sessionId ? await endOtherSessions(ctx.db, { userId: ctx.user.id, keep: ctx.user.sessionId }) : 0 })),
});
