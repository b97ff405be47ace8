import { z } from "../zod";
import type { LaravelPage } from "../../countries/laravel-paginator";
import type { Country } from "../../countries/list-countries";
import type { listNetworks } from "../../catalog/networks-view";
import { assertSameShape } from "./exact";

/** Response shapes of the catalog endpoints: countries (4.6, D11) and networks (D12). */

export const countrySchema = z.strictObject({
  name: z.string().meta({ example: "Côte d'Ivoire" }),
  iso2: z.string().meta({ example: "CI" }),
}).openapi("Country");

const paginatorLinkSchema = z.strictObject({
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

const currencyLimitsSchema = z.strictObject({
  currency: z.string().meta({ example: "XOF" }),
  min_amount: z.number().meta({ example: 500 }),
  max_amount: z.number().meta({ example: 1500000 }),
});

const networkSchema = z.strictObject({
  network: z.string().meta({ example: "orange" }),
  name: z.string().meta({ example: "Orange Money" }),
  aliases: z.array(z.string()).describe("Other names accepted in requests (`mpesa`)."),
  authorization: z
    .enum(["none", "ussd", "pin", "redirect", "approve_on_phone"])
    .describe("The customer's authorization step for a payin (see the payin flows guide)."),
  ussd_code: z.string().nullable().describe("For `ussd`: the code the customer dials; `<AMOUNT>` stands for the amount."),
  ussd_hint: z.string().nullable(),
  available: z.boolean().describe("Test mode: always true (sandbox). Live mode: whether a network connector is configured."),
});

export const countryNetworksSchema = z.strictObject({
  country_code: z.string().meta({ example: "CI" }),
  country_name: z.string().meta({ example: "Cote d'Ivoire" }),
  currencies: z.array(currencyLimitsSchema),
  rounding: z
    .strictObject({ multiple_of: z.number().meta({ example: 5 }), mode: z.string().meta({ example: "half_up" }) })
    .nullable()
    .describe("BF, BJ, CI, CM, GN, ML, TG: amounts are rounded to the nearest multiple of 5."),
  networks: z.array(networkSchema),
}).openapi("CountryNetworks");

export const networksListSchema = z.array(countryNetworksSchema);

// Compile-time: these schemas describe exactly what the services return.
assertSameShape<z.output<typeof countriesPageSchema>, LaravelPage<Country>>();
assertSameShape<z.output<typeof networksListSchema>, ReturnType<typeof listNetworks>>();
