import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { publicOrigin } from "@/server/http/base-url";
import { listCountries } from "@/server/catalog/list-countries";
import { listCountriesContract } from "@/server/catalog/list-countries.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listCountriesContract.request, async ({ req, query }) =>
    json(listCountries({ ...query, path: `${publicOrigin(req)}/api/v1/countries` })),
  ),
});
