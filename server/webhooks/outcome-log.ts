import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { coalescer } from "../db/coalesce";
import { newId } from "../ids";
import type { ClaimedEvent } from "./claim";
import type { PostOutcome } from "./http-post";
import type { WebhookEventState } from "../vocabulary";

/**
 * Recording delivery outcomes, several at a time. One transaction per attempt (UPDATE
 * the event, INSERT the attempt, COMMIT) made the database commit the ceiling of
 * delivery (~400/s on 2 cores). Outcomes that finish while a recording is running wait
 * and go together in the next one: one statement that UPDATEs the events and INSERTs
 * the attempts. Each caller's promise settles once
 * its own outcome is committed, so `deliverClaimed` still returns a recorded result.
 * Same rule as before: the event is updated only while the claim is still the
 * caller's (same id, still pending, next_attempt_at = its lease token); the attempt is
 * logged whatever the update found.
 *
 * An event with nowhere to go (no callback_url, no default endpoint: a merchant who works
 * from the dashboard alone) is an outcome too, `skipped`, without an attempt (`url`
 * null: no attempt row, the attempt count and last attempt left as they were). It goes
 * in the same batches: one UPDATE per skipped event kept the worker's small pool busy
 * with single-row statements at the rate payments settle (2,700/s in the worker-lag
 * bench), and the lifecycle job waited 30-140 ms for a connection at each of its groups.
 */
export interface Outcome {
  event: ClaimedEvent;
  /** The URL attempted; null when nothing was attempted (state `skipped`). */
  url: string | null;
  /** The endpoint attempted (issue 23); null for a transaction's own callback_url. */
  endpointId: string | null;
  startedAt: Date;
  out: PostOutcome;
  state: WebhookEventState;
  /** Delay before the next attempt (state pending). */
  delayMs: number | null;
}

/** One recording at a time: outcomes finishing meanwhile wait and go in the next (server/db/coalesce.ts). */
const outcomes = coalescer<DbOrTx, Outcome, void>({
  name: "webhookOutcomes",
  maxRunning: 1,
  maxBatch: 500,
  run: async (db, batch) => {
    await write(db, batch);
    return batch.map(() => undefined);
  },
  // One unrecordable outcome must not lose the others: each alone, its error its own.
  splitOnError: () => true,
});

export function recordOutcome(db: DbOrTx, outcome: Outcome): Promise<void> {
  return outcomes.push(db, outcome);
}

/** A claimed event with nowhere to go, marked skipped with the reason (no attempt). */
export function recordSkip(db: DbOrTx, skip: { event: ClaimedEvent; reason: string }): Promise<void> {
  const out: PostOutcome = { ok: false, statusCode: null, durationMs: 0, error: skip.reason, responseExcerpt: null };
  return outcomes.push(db, { event: skip.event, url: null, endpointId: null, startedAt: new Date(), out, state: "skipped", delayMs: null });
}

/** Counters for tests and benchmarks (this process): outcomes recorded, statements, largest batch. */
export function webhookOutcomeStats(): Readonly<{ items: number; batches: number; largest: number }> {
  return outcomes.stats();
}

/**
 * One statement (atomic on its own, so no BEGIN/COMMIT round trips): the outcomes travel
 * as one JSON parameter, unpacked by json_to_recordset, which costs the driver and the
 * query builder the same for 1 or 500 outcomes.
 */
async function write(db: DbOrTx, outcomes: Outcome[]): Promise<void> {
  const rows = outcomes.map((o) => ({
    id: o.event.id,
    attempt_id: newId("webhookAttempt"),
    merchant_id: o.event.merchantId,
    lease: o.event.leaseToken,
    state: o.state,
    delay_ms: o.delayMs ?? 0,
    started_at: o.startedAt.toISOString(),
    url: o.url,
    endpoint_id: o.endpointId,
    status_code: o.out.statusCode,
    duration_ms: o.out.durationMs,
    error: o.out.error,
    excerpt: o.out.responseExcerpt,
    ok: o.out.ok,
  }));
  await db.execute(sql`
    with v as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as v(
        id text, attempt_id text, merchant_id text, lease timestamptz, state text, delay_ms int, started_at timestamptz,
        url text, endpoint_id text, status_code int, duration_ms int, error text, excerpt text, ok boolean)
    ),
    updated as (
      update webhook_events e
         set state = v.state::webhook_event_state,
             attempt_count = e.attempt_count + case when v.url is null then 0 else 1 end,
             next_attempt_at = case when v.state = 'pending' then now() + v.delay_ms * interval '1 millisecond' end,
             last_attempt_at = case when v.url is null then e.last_attempt_at else v.started_at end,
             last_url = coalesce(v.url, e.last_url),
             last_error = v.error,
             delivered_at = case when v.ok then now() end
        from v
       where e.id = v.id and e.state = 'pending' and e.next_attempt_at = v.lease
      returning e.id
    )
    insert into webhook_attempts (id, event_id, merchant_id, url, endpoint_id, status_code, duration_ms, error, response_excerpt, created_at)
    select attempt_id, id, merchant_id, url, endpoint_id, status_code, duration_ms, error, excerpt, started_at from v where url is not null`);
}
