import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { apiKeyActor } from "@/server/audit/actors";
import { originOf } from "@/server/http/audit-origin";
import { revokeKeyAudited } from "@/server/auth/manage-api-keys";
import { revokeApiKeyContract } from "@/server/auth/manage-api-keys.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  DELETE: endpoint(revokeApiKeyContract.request, async ({ db, auth, params, req }) =>
    success(await revokeKeyAudited(db, { merchantId: auth.merchantId, mode: auth.mode, keyId: params.id }, { actor: apiKeyActor(auth), origin: originOf(req.headers) }), "API key revoked"),
  ),
});
