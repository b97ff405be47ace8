import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookEvents, type Mode, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { webhookPayload, type WebhookPayload } from "./payload";
import type { WebhookEventKind } from "../vocabulary";

export type { WebhookEventKind } from "../vocabulary";

/**
 * Writes the notification for a transaction's current state into the outbox. Call it
 * inside the database transaction that changed the status, so the change and its
 * event commit together (D8). The body is frozen here: every attempt sends these bytes.
 * Due at once (database clock, like the claim that picks it up).
 */
export async function enqueueTransactionEvent(tx: DbOrTx, t: Transaction, kind: WebhookEventKind = "status_change", id = newId("webhookEvent")): Promise<string> {
  await tx.insert(webhookEvents).values({
    id,
    merchantId: t.merchantId,
    mode: t.mode,
    transactionId: t.id,
    kind,
    status: t.status,
    body: JSON.stringify(webhookPayload(t)),
    state: "pending",
    nextAttemptAt: sql`now()`,
  });
  return id;
}

/** A `test` event (dashboard "send test event"): a 2.4-shaped sample, no transaction behind it. */
export async function enqueueTestEvent(tx: DbOrTx, input: { merchantId: string; mode: Mode; payload: WebhookPayload }, id = newId("webhookEvent")): Promise<string> {
  await tx.insert(webhookEvents).values({
    id,
    merchantId: input.merchantId,
    mode: input.mode,
    transactionId: null,
    kind: "test",
    status: input.payload.status,
    body: JSON.stringify(input.payload),
    state: "pending",
    nextAttemptAt: sql`now()`,
  });
  return id;
}

/** Whether outbox event `id` is stored (the read-back of a write whose COMMIT outcome is unknown). */
export async function webhookEventStored(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return Boolean(row);
}
