import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { apiAuditScope } from "@/server/http/audit-origin";
import { revokeKeyAudited } from "@/server/auth/manage-api-keys";
import { revokeApiKeyContract } from "@/server/auth/manage-api-keys.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  DELETE: endpoint(revokeApiKeyContract.request, async ({ db, auth, params, req }) =>
    success(await revokeKeyAudited(db, { merchantId: auth.merchantId, mode: auth.mode, keyId: params.id }, apiAuditScope(auth, req.headers)), "API key revoked"),
  ),
});
