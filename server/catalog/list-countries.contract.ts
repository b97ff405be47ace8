import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import type { LaravelPage } from "./laravel-paginator";
import { listCountriesQuery, type Country } from "./list-countries";

/** Response shape of GET /api/v1/countries (4.6, D11): Laravel's paginator. */
export const countrySchema = z.strictObject({
  name: z.string().meta({ example: "Côte d'Ivoire" }),
  iso2: z.string().meta({ example: "CI" }),
}).openapi("Country");

export const paginatorLinkSchema = z.strictObject({
  url: z.string().nullable(),
  label: z.string().meta({ description: "`&laquo; Previous`, a page number, `...` or `Next &raquo;` (Laravel's labels)." }),
  active: z.boolean(),
});

export const countriesPageSchema = z
  .strictObject({
    data: z.array(countrySchema),
    links: z.strictObject({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
    }),
    meta: z.strictObject({
  current_page: z.int(),
  from: z.int().nullable().describe("null on a page past the end"),
  last_page: z.int(),
  links: z.array(paginatorLinkSchema),
  path: z.string(),
  per_page: z.int(),
  to: z.int().nullable(),
  total: z.int(),
    }),
  })
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
