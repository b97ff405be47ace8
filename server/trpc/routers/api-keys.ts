import { z } from "../../zod";
import { createApiKey, revokeApiKey } from "../../auth/api-keys";
import { listApiKeys } from "../../auth/list-api-keys";
import { errors } from "../../errors";
import { memberProcedure, modeProcedure, modeSchema, modeScope, router } from "../init";
import { okOutput } from "../schemas";
import { noticeLiveKeyCreated } from "../../auth/security-notices";

const keyRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  displayPrefix: z.string(),
  mode: modeSchema,
  createdAt: z.date(),
  createdByEmail: z.string().nullable(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});

/** API keys: everyone sees the list (prefixes only); developers and owners create and revoke. */
export const apiKeysRouter = router({
  list: modeProcedure("viewer")
    .input(modeScope)
    .output(z.array(keyRow))
    .query(({ ctx, input }) => listApiKeys(ctx.db, { merchantId: ctx.merchantId, mode: input.mode })),

  /** The plaintext key is in this response only; it is never stored or shown again. */
  create: modeProcedure("developer")
    .input(z.object({ name: z.string().trim().max(80).optional() }))
    .output(z.object({ id: z.string(), key: z.string(), displayPrefix: z.string(), mode: modeSchema }))
    .mutation(async ({ ctx, input }) => {
      const created = await createApiKey(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, name: input.name || null, createdBy: ctx.user.id });
      // Issue 22: the owners hear of every new live key.
      if (created.mode === "live") await noticeLiveKeyCreated(ctx.db, { merchantId: ctx.merchantId, keyName: input.name || null, keyPrefix: created.displayPrefix, by: ctx.user.email });
      return created;
    }),

  revoke: memberProcedure("developer")
    .input(z.object({ keyId: z.string().min(1).max(64) }))
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeApiKey(ctx.db, { merchantId: ctx.merchantId, keyId: input.keyId }))) throw errors.notFound("API key not found");
      return { ok: true as const };
    }),
});
