import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import type { WebhookEventKind } from "./outbox";

/**
 * Claiming due outbox rows. A claim is one statement: lock due rows with FOR UPDATE SKIP
 * LOCKED (several workers take disjoint rows), then push their next_attempt_at forward
 * by a lease and commit. No transaction stays open during HTTP; a worker that dies
 * mid-delivery just lets the lease run out and the row is due again (at least once).
 * The new next_attempt_at is the claim's token: the outcome is recorded only where it is
 * still that value, so a worker whose lease was taken over cannot overwrite the newer
 * claim.
 */
export interface ClaimedEvent {
  id: string;
  merchantId: string;
  mode: Mode;
  transactionId: string | null;
  kind: WebhookEventKind;
  body: string;
  /** Attempts made before this one. */
  attemptCount: number;
  /** next_attempt_at as set by this claim, in PostgreSQL's exact text form. */
  leaseToken: string;
  /** The transaction's callback_url (null for test events or when none was given). */
  callbackUrl: string | null;
  /** The merchant's default webhook URL for the mode. */
  defaultUrl: string | null;
  secretEncrypted: string | null;
  /** Only while the rotation overlap lasts. */
  previousSecretEncrypted: string | null;
}

type Row = Record<string, unknown>;

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toClaimed(r: Row): ClaimedEvent {
  return {
    id: String(r.id),
    merchantId: String(r.merchant_id),
    mode: r.mode as Mode,
    transactionId: str(r.transaction_id),
    kind: r.kind as WebhookEventKind,
    body: String(r.body),
    attemptCount: Number(r.attempt_count),
    leaseToken: String(r.lease_token),
    callbackUrl: str(r.callback_url),
    defaultUrl: str(r.default_url),
    secretEncrypted: str(r.secret_encrypted),
    previousSecretEncrypted: r.previous_valid === true ? str(r.previous_secret_encrypted) : null,
  };
}

function claimQuery(due: SQL, leaseMs: number): SQL {
  return sql`
    with due as (${due}),
    claimed as (
      update webhook_events e
         set next_attempt_at = now() + (${Math.max(1, Math.round(leaseMs))}::int * interval '1 millisecond')
        from due
       where e.id = due.id
      returning e.id, e.merchant_id, e.mode, e.transaction_id, e.kind, e.body, e.attempt_count,
                e.next_attempt_at::text as lease_token
    )
    select c.*, t.callback_url, s.url as default_url, s.secret_encrypted, s.previous_secret_encrypted,
           coalesce(s.previous_secret_expires_at > now(), false) as previous_valid
      from claimed c
      left join transactions t on t.id = c.transaction_id and t.merchant_id = c.merchant_id and t.mode = c.mode
      left join webhook_settings s on s.merchant_id = c.merchant_id and s.mode = c.mode`;
}

/** Up to `limit` due events, oldest due first, leased for `leaseMs`. */
export async function claimDueEvents(db: DbOrTx, opts: { limit: number; leaseMs: number }): Promise<ClaimedEvent[]> {
  const due = sql`
    select id from webhook_events
     where state = 'pending' and next_attempt_at <= now()
     order by next_attempt_at
     limit ${Math.max(1, Math.floor(opts.limit))}
     for update skip locked`;
  return (await rows(db, claimQuery(due, opts.leaseMs))).map(toClaimed);
}

/** One given event, if it is due and nobody holds it (resend, test event: deliver now). */
export async function claimEvent(db: DbOrTx, eventId: string, leaseMs: number): Promise<ClaimedEvent | null> {
  const due = sql`
    select id from webhook_events
     where id = ${eventId} and state = 'pending' and next_attempt_at <= now()
     for update skip locked`;
  const [claimed] = (await rows(db, claimQuery(due, leaseMs))).map(toClaimed);
  return claimed ?? null;
}
