import { webhookAttempted } from "../observability/metrics";
import { withSpan } from "../observability/tracing";
import type { Database, DbOrTx } from "../db/client";
import { decryptSecret } from "../auth/secret-box";
import { env } from "../env";
import { logger } from "../logger";
import { claimDueEvents, claimEvent, type ClaimedEvent, type DeliveryTarget } from "./claim";
import { recordOutcome, recordSkip } from "./outcome-log";
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
   * POSTs in flight at once per worker (default 256). A slot is held from the POST's
   * start to its answer; the outcome's commit happens after, grouped (outcome-log.ts).
   * Against a fast receiver on 2 cores 256 drained a 20,000 backlog at ~5,500/s and
   * 512 no faster (docs/benchmarks.md).
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

/**
 * One attempt for one claimed event, recorded. Never throws for HTTP trouble.
 * `onPosted` is called once the POST has its answer (or none), before the outcome's
 * commit: the batch loop frees the attempt's slot then (see deliverWebhookBatch).
 */
export async function deliverClaimed(db: DbOrTx, e: ClaimedEvent, opts: DeliveryOptions = {}, onPosted?: () => void): Promise<DeliveryResult> {
  const o = resolveOptions(opts);
  const target = e.target;
  if (!target) {
    const reason = e.skipReason ?? "No webhook URL configured";
    await recordSkip(db, { event: e, reason });
    webhookAttempted("skipped", e.attemptCount);
    return { eventId: e.id, state: "skipped", url: null, statusCode: null, error: reason };
  }
  const startedAt = new Date();
  const attributes = () => ({ "sika.webhook_event_id": e.id, "sika.attempt": e.attemptCount + 1, ...(e.transactionId ? { "sika.transaction_id": e.transactionId } : {}) });
  return withSpan("webhook delivery", attributes, async (span) => {
    const out = await attempt(e, target, o.timeoutMs);
    onPosted?.();
    span?.setAttributes({ "http.response.status_code": out.statusCode ?? 0, "sika.delivered": out.ok });
    return recordAttempt(db, e, target, startedAt, out, o.schedule);
  });
}

/**
 * A worker batch: keeps up to `concurrency` POSTs in flight, claiming more as slots free
 * up, until nothing is due or the budget is spent; returns once every outcome is
 * committed, with how many events it handled.
 *
 * The three stages overlap (issue 26): a slot is freed when its POST is answered, not
 * when its outcome is committed (outcomes go in groups, outcome-log.ts), and the next
 * claim runs while the POSTs are in flight. When each stage waited for the one before,
 * the claim, the POSTs and the outcome commits took turns and the drain ran at their
 * sum (~3,400/s here); overlapped it runs near the slowest one. Safe for at-least-once:
 * until its outcome commits an event stays leased, so nobody else claims it, and a
 * crash before the commit lets the lease run out (the event is due again).
 */
export async function deliverWebhookBatch(db: Database, opts: DeliveryOptions = {}): Promise<number> {
  const o = resolveOptions(opts);
  const started = Date.now();
  const posting = new Set<object>();
  const recording = new Set<Promise<void>>();
  // Outcomes waiting for their commit, at most: a slow database holds the claims back
  // instead of letting answered attempts pile up in memory.
  const maxRecording = 4 * o.concurrency;
  let handled = 0;
  let exhausted = false;
  let claiming = false;
  let claimError: unknown = null;

  // One wake-up for the loop, called by whatever frees it to act: a POST answered, a
  // claim back, an outcome committed. (A `Promise.race` over the in-flight set instead
  // attached a reaction to every pending attempt at every turn: with a slot freed per
  // answer that was O(n²) microtasks, 14 % of the drain's CPU.)
  let wake: () => void = () => {};
  const nextWake = () => new Promise<void>((resolve) => (wake = resolve));

  const start = (e: ClaimedEvent) => {
    const slot = {};
    posting.add(slot);
    const free = () => {
      if (posting.delete(slot)) wake();
    };
    const recorded: Promise<void> = deliverClaimed(db, e, o, free)
      .then(() => undefined)
      .catch((err) => logger().error({ err, eventId: e.id }, "webhook delivery could not be recorded"))
      .finally(() => {
        free(); // a skipped row, or a failure before the POST: its slot is free too
        recording.delete(recorded);
        if (recording.size < maxRecording) wake();
      });
    recording.add(recorded);
  };

  // Claimed ahead of their slot, so a slot freed mid-claim is refilled at once. At most
  // one window's worth: each waits for one attempt at most (a slot frees within
  // timeoutMs), then takes its own, within the lease (3 × timeout).
  const ready: ClaimedEvent[] = [];
  const claim = (limit: number) => {
    claiming = true;
    claimDueEvents(db, { limit, leaseMs: o.leaseMs })
      .then((claimed) => {
        handled += claimed.length;
        if (claimed.length < limit || Date.now() - started >= o.budgetMs) exhausted = true;
        ready.push(...claimed);
      })
      .catch((err) => {
        // Rethrown once the attempts already under way are recorded.
        claimError = err;
        exhausted = true;
      })
      .finally(() => {
        claiming = false;
        wake();
      });
  };

  while (true) {
    const woken = nextWake();
    while (ready.length > 0 && posting.size < o.concurrency) start(ready.shift()!);
    // Claim in groups (half a window at least) rather than one row per query.
    const room = o.concurrency - ready.length;
    if (!exhausted && !claiming && recording.size < maxRecording && room >= Math.ceil(o.concurrency / 2)) claim(room);
    if (posting.size === 0 && ready.length === 0 && !claiming) break;
    await woken;
  }
  await Promise.all(recording);
  if (claimError) throw claimError;
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
