import { z } from "../../zod";
import { eq } from "drizzle-orm";
import { merchants } from "../../db/schema";
import { errors } from "../../errors";
import { getMerchant } from "../../merchants/create-merchant";
import { memberProcedure, merchantScope, router } from "../init";
import { kycStatusSchema, okOutput, roleSchema } from "../schemas";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

/** The business itself (Settings page). */
export const merchantRouter = router({
  get: memberProcedure("viewer")
    .input(merchantScope)
    .output(z.object({ id: z.string(), name: z.string(), kycStatus: kycStatusSchema, createdAt: z.date(), role: roleSchema }))
    .query(async ({ ctx }) => {
      const m = await getMerchant(ctx.db, ctx.merchantId);
      if (!m) throw errors.notFound("Merchant not found");
      return { id: m.id, name: m.name, kycStatus: m.kycStatus, createdAt: m.createdAt, role: ctx.role };
    }),

  rename: memberProcedure("owner")
    .input(z.object({ name: z.string().trim().min(2, "Enter your business name.").max(120) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const before = await getMerchant(ctx.db, ctx.merchantId);
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => tx.update(merchants).set({ name: input.name, updatedAt: new Date() }).where(eq(merchants.id, ctx.merchantId)),
        () => ({ merchantId: ctx.merchantId, action: "merchant.renamed", target: { type: "merchant", id: ctx.merchantId }, before: { name: before?.name ?? null }, after: { name: input.name } }),
      );
      return { ok: true as const };
    }),
});
