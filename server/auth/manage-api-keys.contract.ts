import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { defineOperation } from "../contracts/operation";
import { errors } from "../errors";
import { API_KEY_SCOPES, MODES } from "../vocabulary";
import { MAX_ALLOWED_IPS, normaliseAllowedIps } from "./key-restrictions";
import type { ApiKeyView } from "./manage-api-keys";

/** POST/GET/DELETE /api/v1/merchant/api-keys (issue 24; restrictions of issue 22). Full-access keys only. */
const apiKeyShape = {
    id: z.string().meta({ example: "key_01JZ3M4V6X8Z0B2D4F6H8J0K2M" }),
    name: z.string().nullable(),
    mode: z.enum(MODES).describe("A key manages the keys of its own mode."),
    scope: z.enum(API_KEY_SCOPES).describe("`full`, or `read_only`: reads, lists and statements; no payin, payout, refund or settings."),
    allowed_ips: z.array(z.string()).nullable().describe("CIDRs the key is accepted from; null: any address."),
    display_prefix: z.string().describe("The first characters of the key, to recognise it."),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
};
export const apiKeySchema = z.strictObject(apiKeyShape).openapi("ApiKey");
assertSameShape<z.output<typeof apiKeySchema>, ApiKeyView>();

export const createdApiKeySchema = z
  .strictObject({ ...apiKeyShape, key: z.string().describe("The secret key. Shown in this answer only: it is stored hashed and cannot be shown again.") })
  .openapi("CreatedApiKey");

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().max(80, "The name field must not be greater than 80 characters.").nullish(),
  scope: z.enum(API_KEY_SCOPES, { error: "The scope field must be full or read_only." }).default("full"),
  allowed_ips: z
    .array(z.string().max(64), { error: "The allowed_ips field must be an array of IP addresses or CIDR ranges." })
    .max(MAX_ALLOWED_IPS, `At most ${MAX_ALLOWED_IPS} addresses or ranges per key.`)
    .superRefine((list, ctx) => {
      // Checked with the other fields, so one 422 names every problem.
      const checked = normaliseAllowedIps(list);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
    })
    .nullish(),
});

export const apiKeyIdParams = z.object({ id: z.string().min(1).max(64) });

const example = {
  id: "key_01JZ3M4V6X8Z0B2D4F6H8J0K2M",
  name: "Reporting server",
  mode: "test",
  scope: "read_only",
  allowed_ips: ["203.0.113.0/24"],
  display_prefix: "sk_test_4fQz",
  created_at: "2026-03-02T10:15:00.000Z",
  last_used_at: null,
  revoked_at: null,
} as const;

export const createApiKeyContract = defineOperation({
  path: "/api/v1/merchant/api-keys",
  method: "POST",
  request: { auth: "merchant", keyAccess: "full", body: createApiKeyBody },
  operationId: "createApiKey",
  tag: "Account",
  summary: "Create an API key",
  description:
    "Creates a key in the calling key's mode, full or read-only, optionally limited to IP ranges. The secret `key` is in this answer only. Recorded in the audit log with the calling key's prefix.",
  requestExample: { name: "Reporting server", scope: "read_only", allowed_ips: ["203.0.113.0/24"] },
  success: { description: "The new key, with its secret", schema: createdApiKeySchema, example: { ...example, key: "sk_test_4fQz…(shown once)" }, message: "API key created" },
});

export const listApiKeysContract = defineOperation({
  path: "/api/v1/merchant/api-keys",
  method: "GET",
  request: { auth: "merchant", keyAccess: "full" },
  operationId: "listApiKeys",
  tag: "Account",
  summary: "List API keys",
  description: "The keys of the calling key's mode, newest first, revoked ones included (never the secret).",
  success: { description: "Keys, newest first", schema: z.array(apiKeySchema), example: [example], message: "API keys retrieved" },
});

export const revokeApiKeyContract = defineOperation({
  path: "/api/v1/merchant/api-keys/{id}",
  method: "DELETE",
  request: { auth: "merchant", keyAccess: "full", params: apiKeyIdParams },
  operationId: "revokeApiKey",
  tag: "Account",
  summary: "Revoke an API key",
  description: "Revokes a key of the calling key's mode at once (every instance forgets it within moments). A key may revoke itself. Recorded in the audit log.",
  success: { description: "The revoked key", schema: apiKeySchema, example: { ...example, revoked_at: "2026-03-02T11:00:00.000Z" }, message: "API key revoked" },
  errors: [{ key: "api_key_not_found", summary: "No active key with this id in the calling key's mode", error: errors.notFound("API key not found") }],
});
