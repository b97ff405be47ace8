import { z } from "../zod";
import { toAmount } from "../money";
import { coverage, findCountry, type CountryCoverage } from "./coverage";
import { fieldError } from "../errors";
import type { Mode } from "../db/schema";
import { isLiveConnectorConfigured } from "../connectors/registry";

/** The catalog as integrators read it (GET /api/v1/networks, D12). */
export const networksQuery = z.object({
  country_code: z.string().optional(),
});

function view(country: CountryCoverage, mode: Mode) {
  return {
    country_code: country.code,
    country_name: country.name,
    currencies: country.currencies.map((c) => ({
      currency: c.currency,
      min_amount: toAmount(c.min),
      max_amount: toAmount(c.max),
    })),
    rounding: country.roundsToFive ? { multiple_of: 5, mode: "half_up" } : null,
    networks: country.networks.map((n) => ({
      network: n.id,
      name: n.name,
      aliases: n.aliases,
      authorization: n.authorization,
      ussd_code: n.ussdCode ?? null,
      ussd_hint: n.ussdHint ?? null,
      /** Test mode is always served by the sandbox; live needs a configured connector. */
      available: mode === "test" ? true : isLiveConnectorConfigured(country.code, n.id),
    })),
  };
}

export function listNetworks(input: { countryCode?: string; mode: Mode }) {
  if (input.countryCode) {
    const country = findCountry(input.countryCode);
    if (!country) {
      throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
    }
    return [view(country, input.mode)];
  }
  return coverage.map((c) => view(c, input.mode));
}
