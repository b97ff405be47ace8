import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { publicOrigin } from "@/server/http/base-url";
import { listCountries, listCountriesQuery } from "@/server/countries/list-countries";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant", query: listCountriesQuery }, async ({ req, query }) =>
    json(listCountries({ ...query, path: `${publicOrigin(req)}/api/v1/countries` })),
  ),
});
