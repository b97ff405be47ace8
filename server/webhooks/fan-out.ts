import { sql, type SQL } from "drizzle-orm";
import { subscribesSql } from "./event-types";

/**
 * Several webhook endpoints (issue 23). The outbox row written with the status change
 * stays the event and its delivery to the interface's target (callback_url, else the
 * default endpoint). The statement that first claims it (claim.ts) also marks it fanned
 * out and adds a delivery row per other enabled endpoint of the mode whose patterns take
 * the event's type: same body, due now, `parent_id` the event. One statement, so the mark
 * and the rows commit together, once only whichever worker gets there, at no extra round
 * trip or row version (a separate fan-out statement per claim cost a commit and a third
 * update of every event: issue 26's webhooks bench). The hot paths that write events pay
 * nothing for it. Resends (4.4) and test events go to their one target and are not fanned out.
 */

/** SQL: is the claimed row (alias) an event that fans out: a status change's own outbox row. */
export function fansOutSql(alias: string): SQL {
  return sql.raw(`(${alias}.parent_id is null and ${alias}.endpoint_id is null and ${alias}.kind = 'status_change')`);
}

/**
 * The claim's data-modifying CTE: for each claimed root not fanned out before this claim
 * (`was_fanned_out` from the locked row), a delivery row per other subscribed endpoint.
 * `typed` is the claim's CTE of claimed rows with their `event_type`.
 */
export function fanOutCte(typed: string): SQL {
  return sql`
    fanned as (
      insert into webhook_events (id, merchant_id, mode, transaction_id, kind, status, body, state, next_attempt_at, type, parent_id, endpoint_id, fanned_out)
      select r.id || '_' || lower(substr(md5(ep.id), 1, 10)), r.merchant_id, r.mode, r.transaction_id, r.kind, r.status, r.body,
             'pending', now(), r.event_type, r.id, ep.id, true
        from ${sql.raw(typed)} r
        join webhook_endpoints ep on ep.merchant_id = r.merchant_id and ep.mode = r.mode and ep.enabled and not ep.is_default
       where not r.was_fanned_out and ${fansOutSql("r")}
         and ${subscribesSql("ep.event_types", sql.raw("r.event_type"))}
      on conflict (id) do nothing
    )`;
}
