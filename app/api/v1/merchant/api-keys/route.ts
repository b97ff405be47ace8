import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { apiAuditScope } from "@/server/http/audit-origin";
import { createRestrictedKey, listKeysOfMode } from "@/server/auth/manage-api-keys";
import { createApiKeyContract, listApiKeysContract } from "@/server/auth/manage-api-keys.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listApiKeysContract.request, async ({ db, auth }) => success(await listKeysOfMode(db, auth), "API keys retrieved")),
  POST: endpoint(createApiKeyContract.request, async ({ db, auth, body, req }) =>
    success(
      await createRestrictedKey(db, { ...auth, name: body.name ?? null, scope: body.scope, allowedIps: body.allowed_ips ?? null }, apiAuditScope(auth, req.headers)),
      "API key created",
    ),
  ),
});
