import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { listNetworks, networksQuery } from "@/server/catalog/networks-view";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant", query: networksQuery }, async ({ auth, query }) =>
    success(listNetworks({ countryCode: query.country_code, mode: auth.mode }), "Networks retrieved"),
  ),
});
