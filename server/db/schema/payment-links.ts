import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * Payment links (issue 21, `pl_`): a public page /pay/{slug} where anyone pays the merchant
 * by mobile money. Either a fixed `amount`, or the payer chooses within [min_amount,
 * max_amount]. Each payment is an ordinary payin, tagged in `link_payments`.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    /** The public part of the URL: random, unguessable, unique across merchants and modes. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    countryCode: text("country_code").notNull(),
    currency: text("currency").notNull(),
    /** Fixed amount (hundredths); null when the payer chooses within the limits. */
    amount: money("amount"),
    minAmount: money("min_amount"),
    maxAmount: money("max_amount"),
    /** Which of name, email, reference the page asks the payer for. */
    collectFields: jsonb("collect_fields").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    maxPayments: integer("max_payments"),
    expiresAt: ts("expires_at"),
    active: boolean("active").notNull().default(true),
    deactivatedAt: ts("deactivated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_links_slug_unique").on(t.slug),
    index("payment_links_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc()),
    check("payment_links_amount_positive", sql`${t.amount} is null or ${t.amount} > 0`),
    check("payment_links_max_payments_positive", sql`${t.maxPayments} is null or ${t.maxPayments} > 0`),
  ],
);

export type PaymentLink = typeof paymentLinks.$inferSelect;
