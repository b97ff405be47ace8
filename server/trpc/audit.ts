import { operatorActor, userActor, type AuditScope } from "../audit/actors";
import type { SessionUser } from "../auth/session";

/** Who did it and from where, for a dashboard (user) or console (operator) procedure's audit row. */
export function auditScope(ctx: { user: SessionUser; clientAddress?: string; userAgent?: string | null }, as: "user" | "operator" = "user"): AuditScope {
  const ip = ctx.clientAddress && ctx.clientAddress !== "unknown" ? ctx.clientAddress : null;
  return { actor: as === "operator" ? operatorActor(ctx.user) : userActor(ctx.user), origin: { ip, userAgent: ctx.userAgent ?? null } };
}
