import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import type { LaravelPage } from "./laravel-paginator";
import { laravelPageSchema } from "./laravel-paginator.contract";
import { listCountriesQuery, type Country } from "./list-countries";

/** Response shape of GET /api/v1/countries (4.6, D11): Laravel's paginator. */
export const countrySchema = z.strictObject({
  name: z.string().meta({ example: "Côte d'Ivoire" }),
  iso2: z.string().meta({ example: "CI" }),
}).openapi("Country");

export const countriesPageSchema = laravelPageSchema(countrySchema)
  .meta({ description: "Laravel's LengthAwarePaginator format, without the status/message envelope." })
  .openapi("CountriesPage");

// Compile-time: the schema describes exactly what the service returns.
assertSameShape<z.output<typeof countriesPageSchema>, LaravelPage<Country>>();

/** GET /api/v1/countries: served by listCountries. */
export const listCountriesContract = defineOperation({
  path: "/api/v1/countries",
  method: "GET",
  request: { auth: "merchant", query: listCountriesQuery },
  operationId: "listCountries",
  tag: "Catalog",
  summary: "List countries",
  description: "Every ISO 3166-1 country, sorted by name, in Laravel's paginator format. No status/message envelope.",
  success: { description: "A page of countries", schema: countriesPageSchema, example: examples.countriesPage, enveloped: false },
});
