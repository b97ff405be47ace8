import { index, pgTable, text } from "drizzle-orm/pg-core";
import { checkoutSessions } from "./checkout-sessions";
import { createdAt } from "./columns";
import { merchants } from "./merchants";
import { paymentLinks } from "./payment-links";
import { transactions } from "./transactions";

/**
 * The tag of a payin made from a payment link or a checkout session, and what the payer
 * typed in the fields the link collects. The payin itself is an ordinary row of
 * `transactions` (same lifecycle, fees, webhooks, statements).
 */
export const linkPayments = pgTable(
  "link_payments",
  {
    transactionId: text("transaction_id").primaryKey().references(() => transactions.id),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    paymentLinkId: text("payment_link_id").references(() => paymentLinks.id),
    checkoutSessionId: text("checkout_session_id").references(() => checkoutSessions.id),
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    payerReference: text("payer_reference"),
    createdAt: createdAt(),
  },
  (t) => [index("link_payments_link_idx").on(t.paymentLinkId, t.createdAt), index("link_payments_session_idx").on(t.checkoutSessionId)],
);

export type LinkPayment = typeof linkPayments.$inferSelect;
