"use client";

import { coverage } from "@/server/catalog/coverage";
import { useT } from "@/components/i18n/provider";
import { CountryOptions } from "@/components/ui/choices";
import { Field, Select } from "@/components/ui/field";

/** A covered country, and its currency when it has more than one (form field `currency`). Shared by the link and bank account forms. */
export function CountryCurrencyFields({ countryCode, onCountry, errors }: { countryCode: string; onCountry: (code: string) => void; errors: Record<string, string | undefined> }) {
  const t = useT();
  const country = coverage.find((c) => c.code === countryCode);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t("links.country")} error={errors.countryCode}>
        {(p) => (
          <Select {...p} value={countryCode} onChange={(e) => onCountry(e.target.value)}>
            <CountryOptions />
          </Select>
        )}
      </Field>
      {country && country.currencies.length > 1 ? (
        <Field label={t("links.currency")} error={errors.currency}>
          {(p) => (
            <Select {...p} name="currency">
              {country.currencies.map((c) => <option key={c.currency}>{c.currency}</option>)}
            </Select>
          )}
        </Field>
      ) : null}
    </div>
  );
}
