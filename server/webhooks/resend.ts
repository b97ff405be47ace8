import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { transactions, type Mode } from "../db/schema";
import { errors } from "../errors";
import { writeResolvingAmbiguity } from "../db/resilience";
import { withoutDeadline } from "../db/deadline";
import { newId } from "../ids";
import { logger } from "../logger";
import { deliverEventNow, type DeliveryResult } from "./delivery-job";
import { enqueueTestEvent, enqueueTransactionEvent, webhookEventStored } from "./outbox";
import type { WebhookPayload } from "./payload";
import { findDefaultEndpoint } from "./endpoints";
import { callbackUrlProblem, redactUrl } from "./url-guard";
import { fieldError } from "../errors";

/**
 * Events made on demand: resend (4.4) and the dashboard's test event. Both are written to
 * the outbox first (so they survive a crash and show in the delivery log), then attempted
 * at once in this process; if that attempt fails or cannot run, the worker retries it on
 * the D10 schedule like any other event. The caller passes `wake` (the worker loop's
 * wakeWorker, from the adapter that wires things) so webhooks never import the worker.
 */

/** Cuts the worker's idle wait short; a no-op where no worker runs in this process. */
export type WakeWorker = () => void;
const noWake: WakeWorker = () => {};

/** Attempt now without making the caller wait; on trouble the worker takes over. */
export function deliverInBackground(db: Database, eventId: string, wake: WakeWorker): void {
  withoutDeadline(() => deliverEventNow(db, eventId)).catch((err) => {
    logger().warn({ err, eventId }, "immediate webhook delivery failed; leaving it to the worker");
    wake();
  });
}

export interface ResendResult {
  transactionId: string;
  webhookUrl: string;
  eventId: string;
}

export async function resendWebhook(
  db: Database,
  input: { merchantId: string; mode: Mode; transactionId: string },
  wake: WakeWorker = noWake,
): Promise<ResendResult> {
  const [t] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, input.transactionId), eq(transactions.merchantId, input.merchantId), eq(transactions.mode, input.mode)))
    .limit(1);
  if (!t) throw errors.transactionNotFound();
  const fallback = t.callbackUrl ? null : await findDefaultEndpoint(db, input);
  const webhookUrl = t.callbackUrl ?? (fallback?.enabled ? fallback.url : null);
  if (!webhookUrl) throw errors.noWebhookUrl();
  // The event's id is made here, before the write: if the connection dies around its
  // COMMIT, the event is looked for by id (issue 16) and a stored one is answered 200 (and
  // delivered), never an error for a webhook the receiver will get anyway.
  const eventId = newId("webhookEvent");
  await writeResolvingAmbiguity(`resend ${eventId}`, () => enqueueTransactionEvent(db, t, "resend", eventId), () => webhookEventStored(db, eventId));
  deliverInBackground(db, eventId, wake);
  return { transactionId: t.id, webhookUrl: redactUrl(webhookUrl), eventId };
}

/** A 2.4-shaped sample, clearly fake (`pi_test_…`), for the receiver to try its parsing on. */
export function sampleWebhookPayload(now = new Date()): WebhookPayload {
  const iso = now.toISOString();
  return {
    transaction_id: `pi_test_${newId("payin").slice(3)}`,
    amount: 1000,
    fee: 15,
    charged_amount: 1015,
    currency: "XOF",
    order_id: "test-order-123",
    status: "successful",
    type: "cashin",
    decline_reason: null,
    created_at: iso,
    updated_at: iso,
    metadata: { country_code: "CI", phone_number: "2250700000000", network: "orange", om_otp: null },
  };
}

export interface TestEventResult {
  eventId: string;
  webhookUrl: string;
  /** The immediate attempt; null when it could not run here (the worker will). */
  delivery: DeliveryResult | null;
}

/** Sends a `test` event to the default URL and waits for the first attempt (≤ the timeout). */
export async function sendTestEvent(db: Database, input: { merchantId: string; mode: Mode }, wake: WakeWorker = noWake): Promise<TestEventResult> {
  const endpoint = await findDefaultEndpoint(db, input);
  const webhookUrl = endpoint?.enabled ? endpoint.url : null;
  if (!webhookUrl) throw errors.noWebhookUrl();
  // A URL saved under an earlier policy is refused here with the reason, not sent (D14).
  const problem = await callbackUrlProblem(webhookUrl, input.mode, "url");
  if (problem) throw fieldError("url", problem);
  const eventId = newId("webhookEvent");
  await writeResolvingAmbiguity(`test event ${eventId}`, () => enqueueTestEvent(db, { ...input, payload: sampleWebhookPayload() }, eventId), () => webhookEventStored(db, eventId));
  let delivery: DeliveryResult | null = null;
  try {
    delivery = await deliverEventNow(db, eventId);
  } catch (err) {
    logger().warn({ err, eventId }, "immediate test webhook failed; leaving it to the worker");
    wake();
  }
  return { eventId, webhookUrl: redactUrl(webhookUrl), delivery: delivery && { ...delivery, url: redactUrl(delivery.url) } };
}
