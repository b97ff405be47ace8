import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { idFloor } from "../ids";
import { sweepExpiredCounters } from "../rate-limit/store";

/**
 * 30 days of request logs and events (issue 23). Whole days go: everything created
 * before the start of the UTC day 30 days ago, found by id range (ids are ULIDs: they sort
 * by creation time; request logs through a BRIN on id, events through their primary key).
 * Deleted in chunks of 5,000 rows so one statement never holds locks for long; webhook
 * attempts go with their events, and an event still being delivered (pending) stays until
 * it ends. A plain table with an id-range delete rather than daily partitions: the embedded
 * PGlite and drizzle-kit migrations handle it as is, and a chunked delete of one day's rows
 * a day is cheap beside the inserts (docs/integrators.md).
 */
export const RETENTION_DAYS = 30;
const CHUNK = 5_000;

type Row = Record<string, unknown>;
async function count(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  const rows = Array.isArray(result) ? result : result.rows;
  return Number(rows[0]?.n ?? 0);
}

function cutoff(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() - RETENTION_DAYS * 86_400_000);
}

/** Deletes what is older than the retention; returns the rows removed (logs + events). */
export async function purgeExpired(db: DbOrTx, now = new Date()): Promise<number> {
  // By id: ULIDs sort by creation time, so an id range finds the old rows (no created_at index to maintain).
  const logsBefore = idFloor("requestLog", cutoff(now));
  const eventsBefore = idFloor("webhookEvent", cutoff(now));
  let removed = 0;
  for (;;) {
    const n = await count(
      db,
      // The old rows found through the BRIN on id, deleted by their primary key (merchant, mode, id).
      sql`with doomed as (select merchant_id, mode, id from request_logs where id < ${logsBefore} limit ${CHUNK}),
               gone as (delete from request_logs r using doomed d where r.merchant_id = d.merchant_id and r.mode = d.mode and r.id = d.id returning 1)
          select count(*)::int as n from gone`,
    );
    removed += n;
    if (n < CHUNK) break;
  }
  for (;;) {
    const n = await count(
      db,
      sql`with doomed as (select id from webhook_events where id < ${eventsBefore} and state <> 'pending' limit ${CHUNK}),
               attempts as (delete from webhook_attempts where event_id in (select id from doomed) returning 1),
               gone as (delete from webhook_events where id in (select id from doomed) returning 1)
          select count(*)::int as n from gone, (select count(*) from attempts) a`,
    );
    removed += n;
    if (n < CHUNK) break;
  }
  return removed;
}

let lastRun = 0;
const EVERY_MS = 10 * 60_000;

/**
 * The worker job: at most every 10 minutes per process (the purge is idempotent); also sweeps
 * spent rate-limit counters. A run that failed (the database away) is due again at once, not
 * ten minutes later.
 */
export async function retentionJob(db: Database): Promise<number> {
  if (Date.now() - lastRun < EVERY_MS) return 0;
  const removed = (await purgeExpired(db)) + (await sweepExpiredCounters(db));
  lastRun = Date.now();
  return removed;
}
