import { and, desc, eq, gte, like, lt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { apiKeys, requestLogs, type Mode, type RequestLog } from "../db/schema";

/**
 * Reading the request log (issue 23): the API's GET /api/v1/merchant/request-logs and the
 * dashboard's Developers → Logs. Newest first by id (ULIDs), scoped by merchant and mode.
 */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface RequestLogFilters {
  statusClass?: StatusClass;
  /** Paths starting with this (`/api/v1/merchant/payin`). */
  path?: string;
  method?: string;
  apiKeyId?: string;
  transactionId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface RequestLogItem extends RequestLog {
  apiKeyPrefix: string | null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(input: { merchantId: string; mode: Mode; filters?: RequestLogFilters; cursor?: string | null }): SQL | undefined {
  const f = input.filters ?? {};
  const parts: (SQL | undefined)[] = [eq(requestLogs.merchantId, input.merchantId), eq(requestLogs.mode, input.mode)];
  if (f.statusClass) {
    const base = Number(f.statusClass[0]) * 100;
    parts.push(gte(requestLogs.status, base), lt(requestLogs.status, base + 100));
  }
  if (f.path) parts.push(like(requestLogs.path, `${likeEscape(f.path)}%`));
  if (f.method) parts.push(eq(requestLogs.method, f.method.toUpperCase()));
  if (f.apiKeyId) parts.push(eq(requestLogs.apiKeyId, f.apiKeyId));
  if (f.transactionId) parts.push(eq(requestLogs.transactionId, f.transactionId));
  if (f.createdFrom) parts.push(gte(requestLogs.createdAt, f.createdFrom));
  if (f.createdBefore) parts.push(lt(requestLogs.createdAt, f.createdBefore));
  if (input.cursor) parts.push(lt(requestLogs.id, input.cursor));
  return and(...parts);
}

const selection = { log: requestLogs, prefix: apiKeys.displayPrefix };

export async function listRequestLogs(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; filters?: RequestLogFilters; cursor?: string | null; limit?: number },
): Promise<{ items: RequestLogItem[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 20), 1), 100);
  const rows = await db
    .select(selection)
    .from(requestLogs)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLogs.apiKeyId))
    .where(where(input))
    .orderBy(desc(requestLogs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => ({ ...r.log, apiKeyPrefix: r.prefix }));
  return { items: page, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

export async function getRequestLog(db: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<RequestLogItem | undefined> {
  const [row] = await db
    .select(selection)
    .from(requestLogs)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLogs.apiKeyId))
    .where(and(eq(requestLogs.id, input.id), eq(requestLogs.merchantId, input.merchantId), eq(requestLogs.mode, input.mode)))
    .limit(1);
  return row ? { ...row.log, apiKeyPrefix: row.prefix } : undefined;
}

/** Requests that touched a transaction, newest first (the transaction page's link). */
export async function countRequestLogsForTransaction(db: DbOrTx, input: { merchantId: string; mode: Mode; transactionId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestLogs)
    .where(where({ ...input, filters: { transactionId: input.transactionId } }));
  return Number(row?.n ?? 0);
}
