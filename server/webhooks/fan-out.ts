import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { eventTypeSql, subscribesSql } from "./event-types";

/**
 * Several webhook endpoints (issue 23). The outbox row written with the status change
 * stays the event and its delivery to the interface's target (callback_url, else the
 * default endpoint). When the worker first claims it, one statement marks it fanned out
 * and adds a delivery row per other enabled endpoint of the mode whose patterns take the
 * event's type: same body, due now, `parent_id` the event. The mark makes it once only,
 * whichever worker gets there; the hot paths that write events pay nothing for it. Resends
 * (4.4) and test events go to their one target and are not fanned out.
 */
export async function fanOut(db: DbOrTx, eventIds: string[]): Promise<void> {
  if (!eventIds.length) return;
  await db.execute(sql`
    with roots as (
      update webhook_events e
         set fanned_out = true
       where e.id in (select json_array_elements_text(${JSON.stringify(eventIds)}::json))
         and not e.fanned_out and e.parent_id is null and e.endpoint_id is null and e.kind = 'status_change'
      returning e.id, e.merchant_id, e.mode, e.transaction_id, e.kind, e.status, e.type, e.body
    ),
    typed as (
      select r.*, ${eventTypeSql("r", "t")} as event_type
        from roots r
        left join transactions t on t.id = r.transaction_id and t.merchant_id = r.merchant_id and t.mode = r.mode
    )
    insert into webhook_events (id, merchant_id, mode, transaction_id, kind, status, body, state, next_attempt_at, type, parent_id, endpoint_id, fanned_out)
    select r.id || '_' || lower(substr(md5(ep.id), 1, 10)), r.merchant_id, r.mode, r.transaction_id, r.kind, r.status, r.body,
           'pending', now(), r.event_type, r.id, ep.id, true
      from typed r
      join webhook_endpoints ep on ep.merchant_id = r.merchant_id and ep.mode = r.mode and ep.enabled and not ep.is_default
     where ${subscribesSql("ep.event_types", sql.raw("r.event_type"))}
    on conflict (id) do nothing`);
}
