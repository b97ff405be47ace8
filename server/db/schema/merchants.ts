import { pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { KYC_STATUSES } from "../../vocabulary";

export const kycStatusEnum = pgEnum("kyc_status", KYC_STATUSES);

export const merchants = pgTable("merchants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  kycStatus: kycStatusEnum("kyc_status").notNull().default("unverified"),
  /** Shown to the merchant when the operator rejects a KYC submission. */
  kycRejectionReason: text("kyc_rejection_reason"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Merchant = typeof merchants.$inferSelect;
