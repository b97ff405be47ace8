import { endpoint, route } from "@/server/http/api-route";
import { json, success } from "@/server/http/envelope";
import { createEndpointView, endpointsPage } from "@/server/webhooks/developer-api";
import { apiAuditScope } from "@/server/http/audit-origin";
import { createEndpointContract, listEndpointsContract } from "@/server/webhooks/endpoints.contract";

// Issue 23: several webhook endpoints per mode. Audit (issue 22): POST is a settings change.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listEndpointsContract.request, async ({ db, auth }) => json(await endpointsPage(db, auth))),
  POST: endpoint(createEndpointContract.request, async ({ db, auth, body, req }) =>
    success(await createEndpointView(db, auth, body, apiAuditScope(auth, req.headers)), "Webhook endpoint created"),
  ),
});
