import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { countryName } from "@/components/i18n/format";
import type { Locale } from "@/components/i18n/messages";
import { coverage, findCountry, findCurrencyLimits } from "@/server/catalog/coverage";
import type { PayCountry } from "./types";

/** The countries a page offers, with their networks and dial codes (server side: the catalogue stays out of the bundle). */
export function payCountries(codes: string[] | null, currency: string, locale: Locale): PayCountry[] {
  const list = codes ? codes.map((c) => findCountry(c)).filter((c) => c !== undefined) : coverage.filter((c) => findCurrencyLimits(c, currency));
  return list.map((c) => ({
    code: c.code,
    name: countryName(c.code, locale),
    dialCode: getCountryCallingCode(c.code as CountryCode),
    currency,
    networks: c.networks.map((n) => ({ id: n.id, name: n.name })),
  }));
}
