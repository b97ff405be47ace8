import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { rotateEndpointView } from "@/server/webhooks/developer-api";
import { apiAuditScope } from "@/server/http/audit-origin";
import { rotateEndpointSecretContract } from "@/server/webhooks/endpoints.contract";

// Audit (issue 22): a secret rotation.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(rotateEndpointSecretContract.request, async ({ db, auth, params, req }) =>
    success(await rotateEndpointView(db, auth, params.id, apiAuditScope(auth, req.headers)), "Webhook endpoint secret rotated"),
  ),
});
