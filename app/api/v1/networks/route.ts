import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { listNetworks } from "@/server/catalog/networks-view";
import { listNetworksContract } from "@/server/catalog/list-networks.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listNetworksContract.request, async ({ auth, query }) =>
    success(await listNetworks({ countryCode: query.country_code, mode: auth.mode }), "Networks retrieved"),
  ),
});
