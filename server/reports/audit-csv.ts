import { csvCell } from "./csv";
import type { DbOrTx } from "../db/client";
import type { AuditLogRow } from "../db/schema";
import { listAudit, type AuditFilters, type AuditRow } from "../audit/list";

/**
 * The audit log export. One small function so the lead can point it at the shared CSV
 * writer of issue 19 (server/reports/): the columns and their order are the contract here,
 * the cell escaping (formula neutralising, quoting) is the writer's.
 */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "created_at",
  "merchant_id",
  "merchant_name",
  "mode",
  "actor_type",
  "actor",
  "action",
  "target_type",
  "target_id",
  "before",
  "after",
  "ip",
  "user_agent",
] as const;

export function auditCsv(rows: Array<AuditLogRow & { merchantName?: string | null }>): string {
  const lines = [AUDIT_CSV_COLUMNS.join(",")];
  for (const r of rows) {
    const cells = [
      r.id,
      r.createdAt.toISOString(),
      r.merchantId,
      r.merchantName ?? null,
      r.mode,
      r.actorType,
      r.actorLabel,
      r.action,
      r.targetType,
      r.targetId,
      r.before === null ? null : JSON.stringify(r.before),
      r.after === null ? null : JSON.stringify(r.after),
      r.ip,
      r.userAgent,
    ];
    lines.push(cells.map((c) => csvCell(c)).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** At most this many rows per export; narrow the dates for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The filtered log as CSV text (the export button), read page by page. */
export async function exportAuditCsv(db: DbOrTx, f: AuditFilters): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const all: AuditRow[] = [];
  let cursor: string | null = null;
  do {
    const page = await listAudit(db, f, { cursor, limit: 1000 });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && all.length < AUDIT_EXPORT_MAX_ROWS);
  const rows = all.slice(0, AUDIT_EXPORT_MAX_ROWS);
  return { csv: auditCsv(rows), rows: rows.length, truncated: all.length > AUDIT_EXPORT_MAX_ROWS || cursor !== null };
}
