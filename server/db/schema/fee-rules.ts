import { integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, updatedAt } from "./columns";
import { users } from "./users";
import { FEE_SCHEDULE_DIRECTIONS } from "../../vocabulary";

export const feeDirectionEnum = pgEnum("fee_direction", FEE_SCHEDULE_DIRECTIONS);

/**
 * The fee schedule (D3): keyed by (direction, country, network, currency); `network`
 * '*' is the country default. Fee = amount x rate_bps / 10000 + fixed_amount, rounded up.
 */
export const feeRules = pgTable(
  "fee_rules",
  {
    id: text("id").primaryKey(),
    direction: feeDirectionEnum("direction").notNull(),
    countryCode: text("country_code").notNull(),
    network: text("network").notNull().default("*"),
    currency: text("currency").notNull(),
    rateBps: integer("rate_bps").notNull(),
    fixedAmount: money("fixed_amount").notNull().default(sql`0`),
    updatedBy: text("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("fee_rules_key_unique").on(t.direction, t.countryCode, t.network, t.currency)],
);

export type FeeRule = typeof feeRules.$inferSelect;
