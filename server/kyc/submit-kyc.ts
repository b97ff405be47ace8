import { desc, eq } from "drizzle-orm";
import countries from "i18n-iso-countries";
import type { Database, DbOrTx } from "../db/client";
import { kycSubmissions, merchants, type KycSubmission, type Merchant } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { setKycStatus } from "../merchants/kyc-status";

/**
 * KYC: the merchant submits its business details, which puts it in `pending` until
 * an operator approves or rejects (server/kyc/review-kyc.ts). Every submission is kept.
 */
export interface KycDetails {
  legalName: string;
  registrationNumber: string;
  countryCode: string;
  address: string;
  representative: string;
}

export interface KycState {
  status: Merchant["kycStatus"];
  rejectionReason: string | null;
  latest: KycSubmission | null;
}

export async function getKycState(db: DbOrTx, merchantId: string): Promise<KycState> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant) throw errors.notFound("Merchant not found");
  const [latest] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.merchantId, merchantId))
    .orderBy(desc(kycSubmissions.createdAt))
    .limit(1);
  return { status: merchant.kycStatus, rejectionReason: merchant.kycRejectionReason, latest: latest ?? null };
}

function required(value: string, field: string, label: string, max = 300): string {
  const v = value.trim();
  if (!v) throw fieldError(field, `The ${label} field is required.`);
  if (v.length > max) throw fieldError(field, `The ${label} field must not be greater than ${max} characters.`);
  return v;
}

export async function submitKyc(db: Database, input: KycDetails & { merchantId: string; submittedBy: string }): Promise<KycSubmission> {
  const details = {
    legalName: required(input.legalName, "legalName", "legal name"),
    registrationNumber: required(input.registrationNumber, "registrationNumber", "registration number", 100),
    countryCode: input.countryCode.trim().toUpperCase(),
    address: required(input.address, "address", "address", 500),
    representative: required(input.representative, "representative", "representative"),
  };
  if (!countries.isValid(details.countryCode) || details.countryCode.length !== 2) {
    throw fieldError("countryCode", "The country field must be a valid country.");
  }
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!merchant) throw errors.notFound("Merchant not found");
    if (merchant.kycStatus === "pending") throw new AppError("conflict", "Your business details are already under review.");
    if (merchant.kycStatus === "approved") throw new AppError("conflict", "Your business is already verified.");
    const [row] = await tx
      .insert(kycSubmissions)
      .values({ id: newId("kycSubmission"), merchantId: input.merchantId, ...details, status: "pending", submittedBy: input.submittedBy })
      .returning();
    await setKycStatus(tx, { merchantId: input.merchantId, status: "pending" });
    return row;
  });
}
