import { boolean, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { KYC_STATUSES } from "../../vocabulary";

export const kycStatusEnum = pgEnum("kyc_status", KYC_STATUSES);

export const merchants = pgTable("merchants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  kycStatus: kycStatusEnum("kyc_status").notNull().default("unverified"),
  /** Shown to the merchant when the operator rejects a KYC submission. */
  kycRejectionReason: text("kyc_rejection_reason"),
  /** The owner requires two-factor sign-in of every member (server/auth/team-two-factor.ts). */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Merchant = typeof merchants.$inferSelect;
