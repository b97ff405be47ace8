import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";

/**
 * Addresses that receive incident mail (double opt-in: mail goes out only once
 * `confirmedAt` is set by the link of the confirmation mail). `tokenHash`: SHA-256 of the
 * secret in the confirm / unsubscribe links; the token itself is never stored.
 */
export const statusSubscribers = pgTable(
  "status_subscribers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** en | fr: the language of the mails. */
    locale: text("locale").notNull().default("en"),
    tokenHash: text("token_hash").notNull(),
    /** In every incident mail's unsubscribe link: it can only remove this address. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    confirmedAt: ts("confirmed_at"),
    /** The last confirmation mail: at most one per CONFIRM_RESEND_MINUTES per address. */
    confirmationSentAt: ts("confirmation_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("status_subscribers_email_idx").on(t.email), uniqueIndex("status_subscribers_token_idx").on(t.tokenHash), uniqueIndex("status_subscribers_unsubscribe_idx").on(t.unsubscribeToken)],
);

export type StatusSubscriber = typeof statusSubscribers.$inferSelect;
