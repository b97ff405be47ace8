import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { defineOperation } from "../contracts/operation";
import { networksQuery, type listNetworks } from "./networks-view";

/** Response shape of GET /api/v1/networks (D12): coverage per country. */
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
  available: z.boolean().describe("Test mode: always true (sandbox). Live mode: whether new payins or payouts can go through one of the network's routes now (D19)."),
  availability: z
    .strictObject({
      payin: z.boolean().meta({ example: true }),
      payout: z.boolean().meta({ example: true }),
    })
    .describe("Per direction (D19): live mode, whether a route of the pair is configured for that direction and its circuit breaker is closed; test mode, always true."),
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

// Compile-time: the schema describes exactly what the service returns.
assertSameShape<z.output<typeof networksListSchema>, Awaited<ReturnType<typeof listNetworks>>>();

/** GET /api/v1/networks: served by listNetworks. */
export const listNetworksContract = defineOperation({
  path: "/api/v1/networks",
  method: "GET",
  request: { auth: "merchant", query: networksQuery },
  operationId: "listNetworks",
  tag: "Catalog",
  summary: "List networks by country",
  description: "Per covered country: currencies with limits, rounding, networks with their customer authorization step, and whether each is available in the key's mode.",
  success: { description: "Coverage, one entry per country", schema: networksListSchema, example: undefined, message: "Networks retrieved" },
});
