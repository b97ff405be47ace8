import type { DbOrTx } from "../db/client";
import { webhookEvents, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { webhookPayload } from "./payload";

export type WebhookEventKind = "status_change" | "resend" | "test";

/**
 * Writes the notification for a transaction's current state into the outbox. Call it
 * inside the database transaction that changed the status, so the change and its
 * event commit together (D8). The body is frozen here: every attempt sends these bytes.
 */
export async function enqueueTransactionEvent(tx: DbOrTx, t: Transaction, kind: WebhookEventKind = "status_change"): Promise<string> {
  const id = newId("webhookEvent");
  await tx.insert(webhookEvents).values({
    id,
    merchantId: t.merchantId,
    mode: t.mode,
    transactionId: t.id,
    kind,
    status: t.status,
    body: JSON.stringify(webhookPayload(t)),
    state: "pending",
    nextAttemptAt: new Date(),
  });
  return id;
}
