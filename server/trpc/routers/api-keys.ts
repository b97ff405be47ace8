import { z } from "../../zod";
import { listApiKeys } from "../../auth/list-api-keys";
import { createRestrictedKey, revokeKeyAudited } from "../../auth/manage-api-keys";
import { API_KEY_SCOPES } from "../../vocabulary";
import { memberProcedure, modeProcedure, modeSchema, modeScope, router } from "../init";
import { okOutput } from "../schemas";
import { auditScope } from "../audit";
import { noticeLiveKeyCreated } from "../../auth/security-notices";

const scopeSchema = z.enum(API_KEY_SCOPES);
const keyRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  displayPrefix: z.string(),
  mode: modeSchema,
  createdAt: z.date(),
  createdByEmail: z.string().nullable(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  scope: scopeSchema,
  allowedIps: z.array(z.string()).nullable(),
});

/**
 * API keys: everyone sees the list (prefixes only); developers and owners create and
 * revoke. A key is full or read-only and may carry an IP allow-list (issue 22); each
 * creation and revocation is in the audit log, in the same transaction.
 */
export const apiKeysRouter = router({
  list: modeProcedure("viewer")
    .input(modeScope)
    .output(z.array(keyRow))
    .query(({ ctx, input }) => listApiKeys(ctx.db, { merchantId: ctx.merchantId, mode: input.mode })),

  /** The plaintext key is in this response only; it is never stored or shown again. */
  create: modeProcedure("developer")
    .input(
      z.object({
        name: z.string().trim().max(80).optional(),
        scope: scopeSchema.default("full"),
        /** CIDRs separated by commas, spaces or new lines; empty: any address. */
        allowedIps: z.string().max(2000).optional(),
      }),
    )
    .output(z.object({ id: z.string(), key: z.string(), displayPrefix: z.string(), mode: modeSchema, scope: scopeSchema, allowedIps: z.array(z.string()).nullable() }))
    .mutation(async ({ ctx, input }) => {
      const k = await createRestrictedKey(
        ctx.db,
        { merchantId: ctx.merchantId, mode: input.mode, name: input.name || null, createdBy: ctx.user.id, scope: input.scope, allowedIps: input.allowedIps ?? null, ipsField: "allowedIps" },
        auditScope(ctx),
      );
      // Issue 22: the owners hear of every new live key.
      if (k.mode === "live") await noticeLiveKeyCreated(ctx.db, { merchantId: ctx.merchantId, keyName: input.name || null, keyPrefix: k.display_prefix, by: ctx.user.email });
      return { id: k.id, key: k.key, displayPrefix: k.display_prefix, mode: k.mode, scope: k.scope, allowedIps: k.allowed_ips };
    }),

  revoke: memberProcedure("developer")
    .input(z.object({ keyId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeKeyAudited(ctx.db, { merchantId: ctx.merchantId, keyId: input.keyId }, auditScope(ctx));
      return { ok: true as const };
    }),
});
