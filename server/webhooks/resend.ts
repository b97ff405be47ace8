import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { transactions, type Mode } from "../db/schema";
import { errors } from "../errors";
import { newId } from "../ids";
import { logger } from "../logger";
import { wakeWorker } from "../worker/loop";
import { deliverEventNow, type DeliveryResult } from "./delivery-job";
import { enqueueTestEvent, enqueueTransactionEvent } from "./outbox";
import type { WebhookPayload } from "./payload";
import { findWebhookSettings } from "./settings";

/**
 * Events made on demand: resend (4.4) and the dashboard's test event. Both are written to
 * the outbox first (so they survive a crash and show in the delivery log), then attempted
 * at once in this process; if that attempt fails or cannot run, the worker retries it on
 * the D10 schedule like any other event.
 */

/** Attempt now without making the caller wait; on trouble the worker takes over. */
function deliverInBackground(db: Database, eventId: string): void {
  deliverEventNow(db, eventId).catch((err) => {
    logger().warn({ err, eventId }, "immediate webhook delivery failed; leaving it to the worker");
    wakeWorker();
  });
}

export interface ResendResult {
  transactionId: string;
  webhookUrl: string;
  eventId: string;
}

export async function resendWebhook(db: Database, input: { merchantId: string; mode: Mode; transactionId: string }): Promise<ResendResult> {
  const [t] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, input.transactionId), eq(transactions.merchantId, input.merchantId), eq(transactions.mode, input.mode)))
    .limit(1);
  if (!t) throw errors.transactionNotFound();
  const webhookUrl = t.callbackUrl ?? (await findWebhookSettings(db, input))?.url ?? null;
  if (!webhookUrl) throw errors.noWebhookUrl();
  const eventId = await enqueueTransactionEvent(db, t, "resend");
  deliverInBackground(db, eventId);
  return { transactionId: t.id, webhookUrl, eventId };
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
export async function sendTestEvent(db: Database, input: { merchantId: string; mode: Mode }): Promise<TestEventResult> {
  const webhookUrl = (await findWebhookSettings(db, input))?.url ?? null;
  if (!webhookUrl) throw errors.noWebhookUrl();
  const eventId = await enqueueTestEvent(db, { ...input, payload: sampleWebhookPayload() });
  let delivery: DeliveryResult | null = null;
  try {
    delivery = await deliverEventNow(db, eventId);
  } catch (err) {
    logger().warn({ err, eventId }, "immediate test webhook failed; leaving it to the worker");
    wakeWorker();
  }
  return { eventId, webhookUrl, delivery };
}
