import countries from "i18n-iso-countries";
import { countryName } from "@/components/i18n/format";
import type { Locale } from "@/components/i18n/messages";

/** The 15 countries Sika serves first, then every other ISO country, named in the user's language. */
const SERVED = ["BF", "BJ", "CG", "CD", "CM", "CI", "GM", "GN", "ML", "SN", "TG", "UG", "TZ", "KE", "RW"];

export function countryOptions(locale: Locale): { served: Array<[string, string]>; others: Array<[string, string]> } {
  const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1], locale);
  const served = SERVED.map((c) => [c, countryName(c, locale)] as [string, string]).sort(byName);
  const others = Object.keys(countries.getAlpha2Codes())
    .filter((c) => !SERVED.includes(c))
    .map((c) => [c, countryName(c, locale)] as [string, string])
    .sort(byName);
  return { served, others };
}
