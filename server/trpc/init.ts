import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "../zod";
import type { Database } from "../db/client";
import type { MemberRole } from "../db/schema";
import { AppError, type FieldErrors } from "../errors";
import { MembershipDenied, requireMember, type SessionUser } from "../auth/session";
import { toTRPCError } from "./errors";
import { assertNoNul } from "../contracts/validation";
import { MODES } from "../vocabulary";
import { assertEmailVerified } from "../auth/email-verification";
import { assertOperatorTwoFactor, assertTeamTwoFactor } from "../auth/two-factor-policy";

/**
 * One tRPC instance, four tiers built on the same base procedure:
 *   publicProcedure            anyone
 *   signedInProcedure          a session user (re-read from the database)
 *   memberProcedure(role)      a member of input.merchantId with at least `role`
 *                              (owner > developer > viewer); modeProcedure adds input.mode
 *   operatorProcedure          users.is_operator
 * The checks run on the server for every call; hidden links are only convenience.
 */
export interface TrpcContext {
  db: Database;
  user: SessionUser | null;
  /** For the abuse limits of sign-up and invitations; "unknown" when not over HTTP. */
  clientAddress?: string;
  /** The browser's User-Agent, for the audit log (issue 22). */
  userAgent?: string | null;
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    let fields: FieldErrors | null = null;
    if (error.cause instanceof AppError && error.cause.code === "validation_failed") fields = error.cause.data as FieldErrors;
    if (error.cause instanceof ZodError) {
      fields = {};
      for (const issue of error.cause.issues) (fields[issue.path.join(".") || "input"] ??= []).push(issue.message);
    }
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      // Never a stack trace or an internal message on the wire.
      message: internal ? "Something went wrong on our side. Please try again." : shape.message,
      // appCode: the domain's error code (kyc_required, insufficient_balance…), so a form can say it in the user's language.
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fields, appCode: error.cause instanceof AppError ? error.cause.code : null },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Domain errors (AppError) become TRPCErrors with the same message, whichever tier threw.
 * Every input is first checked for NUL characters, as the REST validation does: PostgreSQL
 * text cannot hold U+0000, and a dashboard search, audit filter or cursor carrying one failed
 * deep in its query (500) instead of being refused here (BAD_REQUEST naming the field).
 */
const base = t.procedure.use(async ({ getRawInput, next }) => {
  try {
    assertNoNul(await getRawInput());
  } catch (e) {
    if (e instanceof AppError) throw toTRPCError(e);
    throw e;
  }
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

export const publicProcedure = base;

export const signedInProcedure = base.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in again." });
  return next({ ctx: { user: ctx.user } });
});

export const merchantScope = z.object({ merchantId: z.string().min(1).max(64) });
export const modeSchema = z.enum(MODES);
export const modeScope = z.object({ mode: modeSchema });

/**
 * Membership is looked up on every call. A user who is not a member gets NOT_FOUND
 * (D4: another merchant's things do not exist for you); a member whose role is too
 * low gets FORBIDDEN with a message the dashboard shows as is.
 */
export function memberProcedure(minRole: MemberRole) {
  return signedInProcedure.input(merchantScope).use(async ({ ctx, input, next }) => {
    let role: MemberRole;
    try {
      role = await requireMember(ctx.db, { userId: ctx.user.id, merchantId: input.merchantId, minRole });
    } catch (err) {
      if (err instanceof MembershipDenied) throw new TRPCError({ code: err.reason === "not_found" ? "NOT_FOUND" : "FORBIDDEN", message: err.message });
      throw err;
    }
    // Issue 22: a team whose owner requires two-factor sign-in refuses members without it.
    await assertTeamTwoFactor(ctx.db, ctx.user, input.merchantId);
    return next({ ctx: { merchantId: input.merchantId, role } });
  });
}

/** A member procedure that also reads a mode ("test" | "live") from the input. */
export function modeProcedure(minRole: MemberRole) {
  return memberProcedure(minRole)
    .input(modeScope)
    .use(({ ctx, input, next }) => {
      // Issue 22: live mode waits for a verified email address; test mode does not.
      if (input.mode === "live") assertEmailVerified(ctx.user, "live mode");
      return next();
    });
}

export const operatorProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new TRPCError({ code: "FORBIDDEN", message: "Operators only." });
  assertOperatorTwoFactor(ctx.user);
  return next({ ctx: { operator: ctx.user } });
});
