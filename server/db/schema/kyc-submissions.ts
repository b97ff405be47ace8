import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { kycStatusEnum, merchants } from "./merchants";
import { users } from "./users";

/** Every KYC submission is kept; the merchant's current status lives on merchants.kyc_status. */
export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    legalName: text("legal_name").notNull(),
    registrationNumber: text("registration_number").notNull(),
    countryCode: text("country_code").notNull(),
    address: text("address").notNull(),
    representative: text("representative").notNull(),
    status: kycStatusEnum("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    submittedBy: text("submitted_by").references(() => users.id),
    reviewedBy: text("reviewed_by").references(() => users.id),
    reviewedAt: ts("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("kyc_submissions_merchant_idx").on(t.merchantId, t.createdAt)],
);

export type KycSubmission = typeof kycSubmissions.$inferSelect;
