import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { webhookEvents } from "./webhook-events";

/** One row per delivery attempt, for the dashboard's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull().references(() => webhookEvents.id),
    merchantId: text("merchant_id").notNull(),
    url: text("url").notNull(),
    /** Null when no HTTP response came back (timeout, refused, blocked address). */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** The first 1 KB of the response body. */
    responseExcerpt: text("response_excerpt"),
    createdAt: createdAt(),
    /** Issue 23: the endpoint this attempt went to; null for a transaction's own callback_url. */
    endpointId: text("endpoint_id"),
  },
  (t) => [
    index("webhook_attempts_event_idx").on(t.eventId, t.createdAt),
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.createdAt).where(sql`${t.endpointId} is not null`),
  ],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
