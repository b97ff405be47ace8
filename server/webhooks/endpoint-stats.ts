import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookAttempts, webhookEvents, type Mode } from "../db/schema";

/**
 * Each endpoint's delivery log and success rate (issue 23), from the attempts that name
 * it: the share of attempts answered 2xx over the kept 30 days.
 */
export interface EndpointStats {
  attempts: number;
  succeeded: number;
  /** succeeded / attempts, 0-1; null before the first attempt. */
  successRate: number | null;
  lastAttemptAt: Date | null;
}

const WINDOW_MS = 30 * 86_400_000;

export async function endpointStats(db: DbOrTx, input: { merchantId: string; endpointIds: string[] }): Promise<Map<string, EndpointStats>> {
  const out = new Map<string, EndpointStats>();
  if (!input.endpointIds.length) return out;
  const rows = await db
    .select({
      id: webhookAttempts.endpointId,
      attempts: sql<number>`count(*)::int`,
      succeeded: sql<number>`count(*) filter (where ${webhookAttempts.statusCode} between 200 and 299)::int`,
      last: sql<string | null>`max(${webhookAttempts.createdAt})::text`,
    })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.merchantId, input.merchantId),
        inArray(webhookAttempts.endpointId, input.endpointIds),
        gte(webhookAttempts.createdAt, new Date(Date.now() - WINDOW_MS)),
      ),
    )
    .groupBy(webhookAttempts.endpointId);
  for (const r of rows) {
    const attempts = Number(r.attempts);
    const succeeded = Number(r.succeeded);
    out.set(String(r.id), { attempts, succeeded, successRate: attempts ? succeeded / attempts : null, lastAttemptAt: r.last ? new Date(r.last) : null });
  }
  return out;
}

export const emptyStats: EndpointStats = { attempts: 0, succeeded: 0, successRate: null, lastAttemptAt: null };

export interface EndpointAttempt {
  id: string;
  eventId: string;
  /** The event the attempt delivered (its parent for a fan-out or redelivery row). */
  rootEventId: string;
  transactionId: string | null;
  status: string;
  at: Date;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** The endpoint's attempts, newest first (cursor: the last attempt id seen). */
export async function endpointAttempts(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; endpointId: string; cursor?: string | null; limit?: number },
): Promise<{ items: EndpointAttempt[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 20), 1), 100);
  const rows = await db
    .select({ a: webhookAttempts, e: { id: webhookEvents.id, parentId: webhookEvents.parentId, transactionId: webhookEvents.transactionId, status: webhookEvents.status } })
    .from(webhookAttempts)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookAttempts.eventId))
    .where(
      and(
        eq(webhookAttempts.merchantId, input.merchantId),
        eq(webhookEvents.mode, input.mode),
        eq(webhookAttempts.endpointId, input.endpointId),
        input.cursor ? lt(webhookAttempts.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookAttempts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ a, e }) => ({
    id: a.id,
    eventId: a.eventId,
    rootEventId: e.parentId ?? e.id,
    transactionId: e.transactionId,
    status: e.status,
    at: a.createdAt,
    url: a.url,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
  }));
  return { items: page, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}
