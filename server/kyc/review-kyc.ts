import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { kycSubmissions, merchants, type KycSubmission } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { setKycStatus } from "../merchants/kyc-status";

/** Operator review of KYC submissions (console). Only a pending submission can be decided. */
export interface KycSubmissionRow extends KycSubmission {
  merchantName: string;
}

export async function listKycSubmissions(
  db: DbOrTx,
  input: { status?: KycSubmission["status"]; limit?: number } = {},
): Promise<KycSubmissionRow[]> {
  const where: SQL[] = [];
  if (input.status) where.push(eq(kycSubmissions.status, input.status));
  const rows = await db
    .select({ s: kycSubmissions, merchantName: merchants.name })
    .from(kycSubmissions)
    .innerJoin(merchants, eq(merchants.id, kycSubmissions.merchantId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(kycSubmissions.createdAt))
    .limit(Math.min(input.limit ?? 100, 500));
  return rows.map((r) => ({ ...r.s, merchantName: r.merchantName }));
}

async function decide(
  db: Database,
  input: { submissionId: string; operatorId: string; decision: "approved" | "rejected"; reason?: string | null },
): Promise<KycSubmission> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, input.submissionId)).for("update");
    if (!sub) throw errors.notFound("KYC submission not found");
    if (sub.status !== "pending") throw new AppError("conflict", `This submission was already ${sub.status}.`);
    const [row] = await tx
      .update(kycSubmissions)
      .set({
        status: input.decision,
        rejectionReason: input.decision === "rejected" ? (input.reason ?? null) : null,
        reviewedBy: input.operatorId,
        reviewedAt: new Date(),
      })
      .where(eq(kycSubmissions.id, sub.id))
      .returning();
    await setKycStatus(tx, { merchantId: sub.merchantId, status: input.decision, rejectionReason: input.reason ?? null });
    return row;
  });
}

export function approveKyc(db: Database, input: { submissionId: string; operatorId: string }): Promise<KycSubmission> {
  return decide(db, { ...input, decision: "approved" });
}

export function rejectKyc(db: Database, input: { submissionId: string; operatorId: string; reason: string }): Promise<KycSubmission> {
  const reason = input.reason.trim();
  if (!reason) throw fieldError("reason", "The reason field is required.");
  if (reason.length > 1000) throw fieldError("reason", "The reason field must not be greater than 1000 characters.");
  return decide(db, { ...input, reason, decision: "rejected" });
}
