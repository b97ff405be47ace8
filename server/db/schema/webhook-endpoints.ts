import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, modeEnum, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * Several webhook endpoints per merchant and mode (issue 23), up to 10 each. An endpoint
 * receives the events its `event_types` patterns name (server/webhooks/event-types.ts).
 * `is_default` marks the interface's "dashboard default webhook URL": a transaction
 * created with its own callback_url goes there instead (interface 2.4, 4.4). The default
 * endpoint migrated from webhook_settings signs with the mode's secret (its own columns
 * null); every other endpoint has its own `whsec_` secret.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    /** Patterns: `*`, a family (`transaction.payin`) or an exact type (`refund.successful`). */
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    /** AES-256-GCM ciphertext of its `whsec_...`; null: the mode's secret (webhook_settings). */
    secretEncrypted: text("secret_encrypted"),
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_merchant_idx").on(t.merchantId, t.mode),
    // At most one default endpoint per merchant and mode.
    uniqueIndex("webhook_endpoints_default_unique").on(t.merchantId, t.mode).where(sql`${t.isDefault}`),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
