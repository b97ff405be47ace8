import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";

/** Per merchant and mode: the default webhook URL and the signing secret (encrypted at rest). */
export const webhookSettings = pgTable(
  "webhook_settings",
  {
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    url: text("url"),
    /** AES-256-GCM ciphertext of the `whsec_...` secret (server/auth/secret-box.ts). */
    secretEncrypted: text("secret_encrypted"),
    /** After a rotation the old secret keeps signing `Webhook-Signature` until it expires (D10). */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode] })],
);

export type WebhookSettings = typeof webhookSettings.$inferSelect;
