import { and, desc, eq, gte, ilike, isNull, like, lt, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { auditLog, merchants, type AuditLogRow, type Mode } from "../db/schema";

/**
 * Reading the audit log (issue 22): the owners' page (one merchant) and the operators'
 * console (every merchant, and the operator-wide changes such as the fee schedule, which
 * have no merchant). Newest first, by id (ULIDs sort by time), with a cursor.
 */
export interface AuditFilters {
  /** One merchant; undefined: every merchant (operators only). */
  merchantId?: string;
  mode?: Mode;
  /** An action (`api_key.created`) or a family (`api_key.`). */
  action?: string;
  /** Part of the actor's label (an email, a key prefix). */
  actor?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export type AuditRow = AuditLogRow & { merchantName: string | null };

function where(f: AuditFilters, cursor?: string | null): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.merchantId !== undefined) parts.push(eq(auditLog.merchantId, f.merchantId));
  // A mode filter keeps the merchant-wide rows (team, name, KYC) that belong to no mode.
  if (f.mode) parts.push(or(eq(auditLog.mode, f.mode), isNull(auditLog.mode)));
  if (f.action) parts.push(f.action.endsWith(".") ? like(auditLog.action, `${escapeLike(f.action)}%`) : eq(auditLog.action, f.action));
  if (f.actor) parts.push(ilike(auditLog.actorLabel, `%${escapeLike(f.actor)}%`));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) parts.push(lt(auditLog.createdAt, f.to));
  if (cursor) parts.push(lt(auditLog.id, cursor));
  return and(...parts);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAudit(db: DbOrTx, f: AuditFilters, page: { cursor?: string | null; limit: number }): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  const rows = await db
    .select({ row: auditLog, merchantName: merchants.name })
    .from(auditLog)
    .leftJoin(merchants, eq(merchants.id, auditLog.merchantId))
    .where(where(f, page.cursor))
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map((r) => ({ ...r.row, merchantName: r.merchantName }));
  return { items, nextCursor: rows.length > page.limit ? items[items.length - 1].id : null };
}
