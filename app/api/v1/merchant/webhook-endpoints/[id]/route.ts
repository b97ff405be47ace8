import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { deleteEndpointView, endpointDetail, updateEndpointView } from "@/server/webhooks/developer-api";
import { apiAuditScope } from "@/server/http/audit-origin";
import { deleteEndpointContract, getEndpointContract, updateEndpointContract } from "@/server/webhooks/endpoints.contract";

// Audit (issue 22): PATCH and DELETE are settings changes.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getEndpointContract.request, async ({ db, auth, params }) => success(await endpointDetail(db, auth, params.id), "Webhook endpoint retrieved")),
  PATCH: endpoint(updateEndpointContract.request, async ({ db, auth, params, body, req }) =>
    success(await updateEndpointView(db, auth, params.id, body, apiAuditScope(auth, req.headers)), "Webhook endpoint updated"),
  ),
  DELETE: endpoint(deleteEndpointContract.request, async ({ db, auth, params, req }) =>
    success(await deleteEndpointView(db, auth, params.id, apiAuditScope(auth, req.headers)), "Webhook endpoint deleted"),
  ),
});
