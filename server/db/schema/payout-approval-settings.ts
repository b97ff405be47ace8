import { boolean, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { modeEnum, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

/**
 * Payout approvals (issue 22, maker-checker), per merchant and mode. `thresholds` maps a
 * currency to an amount in hundredths, as decimal text (JSON has no bigint): a dashboard
 * payout or bulk batch above it waits for a second owner. `holdApiPayouts`: API payouts
 * above the threshold are held too (off by default: integrators expect immediate answers).
 */
export const payoutApprovalSettings = pgTable(
  "payout_approval_settings",
  {
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    thresholds: jsonb("thresholds").$type<Record<string, string>>().notNull().default({}),
    holdApiPayouts: boolean("hold_api_payouts").notNull().default(false),
    updatedBy: text("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode] })],
);

export type PayoutApprovalSettingsRow = typeof payoutApprovalSettings.$inferSelect;
