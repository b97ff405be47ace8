import { z } from "../../zod";
import { dayStart, endOfInclusive, isCalendarDay } from "../../calendar";
import { listAudit, type AuditFilters, type AuditRow } from "../../audit/list";
import { exportAuditCsv } from "../../reports/audit-csv";
import { memberProcedure, modeSchema, operatorProcedure, router } from "../init";

/**
 * The audit log (issue 22): owners read their business's log (both modes and the
 * business-wide changes), operators read every merchant's in the console. Filters: action
 * (or a family ending in "."), actor, dates (UTC days, `to` included), mode; CSV export.
 */
const day = z.string().refine(isCalendarDay, "Use a date like 2026-03-01.");
export const auditFilters = z.object({
  action: z.string().trim().max(64).optional(),
  actor: z.string().trim().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
  mode: modeSchema.optional(),
});

export const auditRowOutput = z.object({
  id: z.string(),
  createdAt: z.date(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  mode: modeSchema.nullable(),
  actorType: z.string(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export function toFilters(input: z.infer<typeof auditFilters>, merchantId?: string): AuditFilters {
  return {
    merchantId,
    mode: input.mode,
    action: input.action || undefined,
    actor: input.actor || undefined,
    from: input.from ? dayStart(input.from) : undefined,
    // `to` is included: the filter ends where the next day starts.
    to: input.to ? endOfInclusive(input.to, dayStart(input.to)) : undefined,
  };
}

export const auditRowView = (r: AuditRow): z.infer<typeof auditRowOutput> => ({
  id: r.id,
  createdAt: r.createdAt,
  merchantId: r.merchantId,
  merchantName: r.merchantName,
  mode: r.mode,
  actorType: r.actorType,
  actorLabel: r.actorLabel,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before,
  after: r.after,
  ip: r.ip,
  userAgent: r.userAgent,
});

const page = z.object({ items: z.array(auditRowOutput), nextCursor: z.string().nullable() });
const csvOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number(), truncated: z.boolean() });
const cursor = z.object({ cursor: z.string().max(64).nullish() });

export const auditRouter = router({
  list: memberProcedure("owner")
    .input(auditFilters.merge(cursor))
    .output(page)
    .query(async ({ ctx, input }) => {
      const p = await listAudit(ctx.db, toFilters(input, ctx.merchantId), { cursor: input.cursor, limit: 25 });
      return { items: p.items.map(auditRowView), nextCursor: p.nextCursor };
    }),

  /** A mutation: an export is an action (never prefetched or cached). */
  exportCsv: memberProcedure("owner")
    .input(auditFilters)
    .output(csvOutput)
    .mutation(async ({ ctx, input }) => ({ filename: `sika-audit-${ctx.merchantId}.csv`, ...(await exportAuditCsv(ctx.db, toFilters(input, ctx.merchantId))) })),
});

/** The console's view: every merchant (or one), operator-wide changes included. */
export const operatorAuditProcedures = {
  auditLog: operatorProcedure
    .input(auditFilters.merge(cursor).extend({ merchantId: z.string().trim().max(64).optional() }))
    .output(page)
    .query(async ({ ctx, input }) => {
      const p = await listAudit(ctx.db, toFilters(input, input.merchantId || undefined), { cursor: input.cursor, limit: 50 });
      return { items: p.items.map(auditRowView), nextCursor: p.nextCursor };
    }),

  auditExport: operatorProcedure
    .input(auditFilters.extend({ merchantId: z.string().trim().max(64).optional() }))
    .output(csvOutput)
    .mutation(async ({ ctx, input }) => ({ filename: "sika-audit.csv", ...(await exportAuditCsv(ctx.db, toFilters(input, input.merchantId || undefined))) })),
};
