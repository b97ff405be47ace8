import { sql } from "drizzle-orm";
import { webhookAttempted } from "../observability/metrics";
import { withSpan } from "../observability/tracing";
import type { Database, DbOrTx } from "../db/client";
import { webhookEvents } from "../db/schema";
import { decryptSecret } from "../auth/secret-box";
import { env } from "../env";
import { logger } from "../logger";
import { claimDueEvents, claimEvent, type ClaimedEvent, type DeliveryTarget } from "./claim";
import { recordOutcome } from "./outcome-log";
import { DELIVERY_CONCURRENCY, postWebhook, type PostOutcome } from "./http-post";
import { defaultSchedule, nextRetryDelayMs } from "./retry-schedule";
import { webhookHeaders, type SigningSecrets } from "./signing";
import type { WebhookEventState } from "../vocabulary";

/**
 * The delivery worker (D10): claims due outbox rows, POSTs each one's frozen body with
 * fresh signature headers, and records the outcome (attempt log + event state).
 * At least once: an event leaves `pending` only when recorded delivered, failed (after
 * the schedule's last attempt) or skipped (no URL anywhere).
 */
export interface DeliveryOptions {
  /** Delays before each retry, seconds (default WEBHOOK_RETRY_SCHEDULE). */
  schedule?: number[];
  /** Per attempt deadline (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How long a claim holds an event; must outlast an attempt (default max(30 s, 3 × timeout)). */
  leaseMs?: number;
  /**
   * Attempts in flight at once per worker (default 256). Each slot waits for its outcome's
   * commit (outcome-log.ts), so the commits, not the receivers, set the pace against a
   * fast receiver: 64 slots drained a 20,000 backlog at ~3,200/s, 256 at ~5,200/s, 512
   * no faster (bigger claims); docs/benchmarks.md.
   */
  concurrency?: number;
  /** Stop claiming more after this long, so one batch ends and other jobs get their turn (default 5 s). */
  budgetMs?: number;
}

export interface DeliveryResult {
  eventId: string;
  state: WebhookEventState;
  url: string | null;
  statusCode: number | null;
  error: string | null;
}

interface Resolved {
  schedule: number[];
  timeoutMs: number;
  leaseMs: number;
  concurrency: number;
  budgetMs: number;
}

function resolveOptions(opts: DeliveryOptions = {}): Resolved {
  const timeoutMs = opts.timeoutMs ?? env().WEBHOOK_TIMEOUT_MS;
  return {
    schedule: opts.schedule ?? defaultSchedule(),
    timeoutMs,
    leaseMs: opts.leaseMs ?? Math.max(30_000, 3 * timeoutMs),
    concurrency: Math.max(1, opts.concurrency ?? DELIVERY_CONCURRENCY),
    budgetMs: opts.budgetMs ?? 5_000,
  };
}

/** The claim still ours: nobody took the event over after our lease ran out. */
const stillClaimed = (e: ClaimedEvent) =>
  sql`${webhookEvents.id} = ${e.id} and ${webhookEvents.state} = 'pending' and ${webhookEvents.nextAttemptAt} = ${e.leaseToken}::timestamptz`;

/**
 * Decrypted signing secrets by their sealed text, for a minute: every event of a merchant
 * carries the same sealed secret, and an AES-GCM decipher per attempt showed in profiles.
 * A rotation seals a new text, so it is never served stale.
 */
const SECRET_TTL_MS = 60_000;
const secretCache = new Map<string, { plain: string; at: number }>();

function unseal(sealed: string): string {
  const now = Date.now();
  const hit = secretCache.get(sealed);
  if (hit && now - hit.at < SECRET_TTL_MS) return hit.plain;
  const plain = decryptSecret(sealed);
  if (secretCache.size >= 1000) secretCache.clear();
  secretCache.set(sealed, { plain, at: now });
  return plain;
}

function secretsOf(t: DeliveryTarget): SigningSecrets {
  return {
    current: t.secretEncrypted ? unseal(t.secretEncrypted) : null,
    previous: t.previousSecretEncrypted ? unseal(t.previousSecretEncrypted) : null,
  };
}

async function attempt(e: ClaimedEvent, target: DeliveryTarget, timeoutMs: number): Promise<PostOutcome> {
  const url = target.url;
  let secrets: SigningSecrets;
  try {
    secrets = secretsOf(target);
  } catch {
    // Never send unsigned what should be signed: fail the attempt, it shows in the log.
    return { ok: false, statusCode: null, durationMs: 0, error: "signing secret could not be decrypted", responseExcerpt: null };
  }
  // Fan-out and redelivery rows carry their event's id: one event, one Webhook-Id everywhere.
  const headers = webhookHeaders({ id: e.messageId, timestamp: Math.floor(Date.now() / 1000), body: e.body, secrets });
  return postWebhook({ url, body: e.body, headers, mode: e.mode, timeoutMs });
}

async function recordAttempt(db: DbOrTx, e: ClaimedEvent, target: DeliveryTarget, startedAt: Date, out: PostOutcome, schedule: number[]): Promise<DeliveryResult> {
  const url = target.url;
  const made = e.attemptCount + 1;
  const delay = out.ok ? null : nextRetryDelayMs(made, schedule);
  const state: DeliveryResult["state"] = out.ok ? "delivered" : delay === null ? "failed" : "pending";
  // Batched with the outcomes of the other attempts finishing meanwhile (outcome-log.ts).
  await recordOutcome(db, { event: e, url, endpointId: target.endpointId, startedAt, out, state, delayMs: delay });
  webhookAttempted(state, made);
  if (state === "failed") logger().warn({ eventId: e.id, merchantId: e.merchantId, attempts: made, error: out.error }, "webhook failed for good");
  return { eventId: e.id, state, url, statusCode: out.statusCode, error: out.error };
}

/** One attempt for one claimed event, recorded. Never throws for HTTP trouble. */
export async function deliverClaimed(db: DbOrTx, e: ClaimedEvent, opts: DeliveryOptions = {}): Promise<DeliveryResult> {
  const o = resolveOptions(opts);
  const target = e.target;
  if (!target) {
    const reason = e.skipReason ?? "No webhook URL configured";
    await db.update(webhookEvents).set({ state: "skipped", nextAttemptAt: null, lastError: reason }).where(stillClaimed(e));
    webhookAttempted("skipped", e.attemptCount);
    return { eventId: e.id, state: "skipped", url: null, statusCode: null, error: reason };
  }
  const startedAt = new Date();
  const attributes = () => ({ "sika.webhook_event_id": e.id, "sika.attempt": e.attemptCount + 1, ...(e.transactionId ? { "sika.transaction_id": e.transactionId } : {}) });
  return withSpan("webhook delivery", attributes, async (span) => {
    const out = await attempt(e, target, o.timeoutMs);
    span?.setAttributes({ "http.response.status_code": out.statusCode ?? 0, "sika.delivered": out.ok });
    return recordAttempt(db, e, target, startedAt, out, o.schedule);
  });
}

/**
 * A worker batch: keeps up to `concurrency` attempts in flight, claiming more as slots
 * free up, until nothing is due or the budget is spent. Returns how many events it handled.
 */
export async function deliverWebhookBatch(db: Database, opts: DeliveryOptions = {}): Promise<number> {
  const o = resolveOptions(opts);
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let handled = 0;
  let exhausted = false;
  while (true) {
    const room = o.concurrency - inFlight.size;
    // Claim in groups (half the window at least) rather than one row per query.
    if (!exhausted && (inFlight.size === 0 || room >= Math.ceil(o.concurrency / 2))) {
      // The claim also fans a status change out to the other subscribed endpoints (fan-out.ts).
      const claimed = await claimDueEvents(db, { limit: room, leaseMs: o.leaseMs });
      handled += claimed.length;
      if (claimed.length < room || Date.now() - started >= o.budgetMs) exhausted = true;
      for (const e of claimed) {
        const p: Promise<void> = deliverClaimed(db, e, o)
          .then(() => undefined)
          .catch((err) => logger().error({ err, eventId: e.id }, "webhook delivery could not be recorded"))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  return handled;
}

/**
 * Attempts one event right away, in this process (resend, test event). When someone else
 * holds it, or it is not due, returns null: the worker has it.
 */
export async function deliverEventNow(db: Database, eventId: string, opts: DeliveryOptions = {}): Promise<DeliveryResult | null> {
  const o = resolveOptions(opts);
  const claimed = await claimEvent(db, eventId, o.leaseMs);
  if (!claimed) return null;
  return deliverClaimed(db, claimed, o);
}
