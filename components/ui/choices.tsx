"use client";

import countries from "i18n-iso-countries";
import { coverage, coveredCountryCodes } from "@/server/catalog/coverage";
import { countryName } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import type { Locale } from "@/components/i18n/messages";
import { Field, Select } from "./field";

/**
 * The lists the dashboard's selects offer, from the one catalogue (server/catalog/coverage.ts):
 * the served countries, their currencies, the two directions. The caller adds any "All" /
 * "Choose…" option of its own.
 */

type Named = [code: string, name: string];
const named = (codes: readonly string[], locale: Locale): Named[] =>
  codes.map((c) => [c, countryName(c, locale)] as Named).sort((a, b) => a[1].localeCompare(b[1], locale));

/** The served countries first, then every other ISO country, named in the user's language (KYC). */
export function countryOptions(locale: Locale): { served: Named[]; others: Named[] } {
  const others = Object.keys(countries.getAlpha2Codes()).filter((c) => !coveredCountryCodes.includes(c));
  return { served: named(coveredCountryCodes, locale), others: named(others, locale) };
}

/** The currencies of the served countries, the most widely used first (XOF, XAF), then by code. */
export const CURRENCY_CHOICES: readonly string[] = (() => {
  const uses = new Map<string, number>();
  for (const c of coverage) for (const { currency } of c.currencies) uses.set(currency, (uses.get(currency) ?? 0) + 1);
  return [...uses.keys()].sort((a, b) => uses.get(b)! - uses.get(a)! || a.localeCompare(b));
})();

/** An <option> per served country, by name in the user's language. */
export function CountryOptions() {
  const locale = useLocale();
  return named(coveredCountryCodes, locale).map(([code, name]) => (
    <option key={code} value={code}>
      {name}
    </option>
  ));
}

/** An <option> per network of the country (none for an unknown or empty code), by its name. */
export function NetworkOptions({ countryCode }: { countryCode: string }) {
  return (coverage.find((c) => c.code === countryCode)?.networks ?? []).map((n) => (
    <option key={n.id} value={n.id}>
      {n.name}
    </option>
  ));
}

/** An <option> per currency of CURRENCY_CHOICES. */
export function CurrencyOptions() {
  return CURRENCY_CHOICES.map((c) => <option key={c}>{c}</option>);
}

/** The two directions, payin and payout. */
export function DirectionOptions() {
  const t = useT();
  return (
    <>
      <option value="payin">{t("types.payin")}</option>
      <option value="payout">{t("types.payout")}</option>
    </>
  );
}

/** A select of CURRENCY_CHOICES, for a Field's render prop. */
export function CurrencySelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Select {...props}>
      <CurrencyOptions />
    </Select>
  );
}

/** A list filter: a labelled select whose first option, "All", is the empty value. */
export function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  const t = useT();
  return (
    <Field label={label}>
      {(p) => (
        <Select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t("common.all")}</option>
          {children}
        </Select>
      )}
    </Field>
  );
}
