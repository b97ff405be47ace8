import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { deleteEndpoint } from "@/server/webhooks/endpoints";
import { endpointDetail, updateEndpointView } from "@/server/webhooks/developer-api";
import { deleteEndpointContract, getEndpointContract, updateEndpointContract } from "@/server/webhooks/endpoints.contract";

// Audit (issue 22): PATCH and DELETE are settings changes.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getEndpointContract.request, async ({ db, auth, params }) => success(await endpointDetail(db, auth, params.id), "Webhook endpoint retrieved")),
  PATCH: endpoint(updateEndpointContract.request, async ({ db, auth, params, body }) =>
    success(await updateEndpointView(db, auth, params.id, body), "Webhook endpoint updated"),
  ),
  DELETE: endpoint(deleteEndpointContract.request, async ({ db, auth, params }) => {
    await deleteEndpoint(db, { ...auth, id: params.id });
    return success({ id: params.id, deleted: true as const }, "Webhook endpoint deleted");
  }),
});
