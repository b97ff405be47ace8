import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { merchants, type Merchant } from "../db/schema";
import { errors } from "../errors";

/** Sets a merchant's KYC status directly (operator console, CLI `approve-kyc`). */
export async function setKycStatus(
  db: DbOrTx,
  input: { merchantId: string; status: Merchant["kycStatus"]; rejectionReason?: string | null },
): Promise<Merchant> {
  const [row] = await db
    .update(merchants)
    .set({ kycStatus: input.status, kycRejectionReason: input.status === "rejected" ? (input.rejectionReason ?? null) : null, updatedAt: new Date() })
    .where(eq(merchants.id, input.merchantId))
    .returning();
  if (!row) throw errors.notFound("Merchant not found");
  return row;
}
