import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { CHECKOUT_SESSION_STATUSES } from "../../vocabulary";

export const checkoutSessionStatusEnum = pgEnum("checkout_session_status", CHECKOUT_SESSION_STATUSES);

/**
 * Hosted checkout sessions (issue 21, `cs_`): an integrator creates one, sends its
 * customer to `url`, the customer picks network and phone on our page, pays an ordinary
 * payin (tagged in `link_payments`) and comes back to `return_url?session_id=…`.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    status: checkoutSessionStatusEnum("status").notNull().default("open"),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** When set, the page offers only this country's networks. */
    countryCode: text("country_code"),
    orderId: text("order_id").notNull(),
    description: text("description"),
    returnUrl: text("return_url").notNull(),
    callbackUrl: text("callback_url"),
    /** The latest payin started from the page (a failed attempt may be followed by another). */
    transactionId: text("transaction_id"),
    expiresAt: ts("expires_at").notNull(),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("checkout_sessions_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc()),
    check("checkout_sessions_amount_positive", sql`${t.amount} > 0`),
  ],
);

export type CheckoutSession = typeof checkoutSessions.$inferSelect;
