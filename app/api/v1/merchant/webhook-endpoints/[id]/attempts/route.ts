import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { endpointAttemptsPage } from "@/server/webhooks/developer-api";
import { listEndpointAttemptsContract } from "@/server/webhooks/endpoints.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listEndpointAttemptsContract.request, async ({ db, auth, params, query }) => json(await endpointAttemptsPage(db, auth, params.id, query))),
});
