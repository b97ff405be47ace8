import { z } from "../zod";
import { toAmount } from "../money";
import { coverage, findCountry, type CountryCoverage } from "./coverage";
import { fieldError } from "../errors";
import type { Mode } from "../db/schema";
import { liveAvailability } from "../connectors/registry";
import { syncBreakers } from "../connectors/health";

/** The catalog as integrators read it (GET /api/v1/networks, D12). */
export const networksQuery = z.object({
  country_code: z.string().optional(),
});

/** Test mode is always served by the sandbox; live needs a route configured for the direction with its breaker closed (D19). */
function availabilityOf(countryCode: string, network: string, mode: Mode) {
  const availability = mode === "test" ? { payin: true, payout: true } : liveAvailability(countryCode, network);
  return { available: availability.payin || availability.payout, availability };
}

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
      ...availabilityOf(country.code, n.id, mode),
    })),
  };
}

export async function listNetworks(input: { countryCode?: string; mode: Mode }) {
  // The fleet's breakers as they stand (D19: shared by every instance).
  if (input.mode === "live") await syncBreakers();
  if (input.countryCode) {
    const country = findCountry(input.countryCode);
    if (!country) {
      throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
    }
    return [view(country, input.mode)];
  }
  return coverage.map((c) => view(c, input.mode));
}
