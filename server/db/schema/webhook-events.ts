import { boolean, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, modeEnum, ts } from "./columns";
import { merchants } from "./merchants";
import { WEBHOOK_EVENT_KINDS, WEBHOOK_EVENT_STATES } from "../../vocabulary";

export const webhookEventStateEnum = pgEnum("webhook_event_state", WEBHOOK_EVENT_STATES);
export const webhookEventKindEnum = pgEnum("webhook_event_kind", WEBHOOK_EVENT_KINDS);

/**
 * The outbox: one row per notification, written in the same database transaction as
 * the status change. `body` is the exact JSON text sent on every attempt, so retries
 * carry the same bytes and the same `Webhook-Id` (= id).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    transactionId: text("transaction_id"),
    kind: webhookEventKindEnum("kind").notNull().default("status_change"),
    /** The transaction status this event announces. */
    status: text("status").notNull(),
    body: text("body").notNull(),
    state: webhookEventStateEnum("state").notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastAttemptAt: ts("last_attempt_at"),
    /** URL of the last attempt (the target is resolved at delivery time). */
    lastUrl: text("last_url"),
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
    /**
     * Issue 23. The event type (`transaction.payin.successful`, `refund.failed`, `test`,
     * `settlement.*`); null on rows written before it, derived then from kind and transaction.
     */
    type: text("type"),
    /** A delivery of another event to one endpoint (fan-out, redelivery): that event's id. */
    parentId: text("parent_id"),
    /** The endpoint a fan-out or redelivery row goes to; null: the interface's target. */
    endpointId: text("endpoint_id"),
    /** Set once the worker has added the rows for the other subscribed endpoints. */
    fannedOut: boolean("fanned_out").notNull().default(false),
  },
  (t) => [
    index("webhook_events_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("webhook_events_merchant_idx").on(t.merchantId, t.mode, t.createdAt),
    index("webhook_events_transaction_idx").on(t.transactionId),
    index("webhook_events_parent_idx").on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

export type WebhookEvent = typeof webhookEvents.$inferSelect;
