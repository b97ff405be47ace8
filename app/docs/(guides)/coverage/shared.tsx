import { coverage, type CountryCoverage, type CurrencyLimits } from "@/server/catalog/coverage";
import { getDb } from "@/server/db/client";
import { defaultFeeRules, listFeeRules } from "@/server/fees/schedule";
import { logger } from "@/server/logger";
import { currencyDecimals, toAmount, type Minor } from "@/server/money";
import { Table } from "../../_components/code-block";

/** The coverage guide's pieces shared by its English and French pages; `lang` picks number formats and headings. */
type Lang = "en" | "fr";

/** A country's name in the page's language. */
export const countryName = (c: CountryCoverage, lang: Lang) => (lang === "fr" ? (new Intl.DisplayNames(["fr"], { type: "region" }).of(c.code) ?? c.name) : c.name);

export const money = (m: Minor, currency: string, lang: Lang = "en") => {
  const decimals = currencyDecimals(currency);
  return `${toAmount(m).toLocaleString(lang, { minimumFractionDigits: decimals, maximumFractionDigits: 2 })} ${currency}`;
};
/** The covered currencies whose smallest unit is the whole unit (fees round up to it). */
export const wholeUnitCurrencies = [...new Set(coverage.flatMap((c) => c.currencies.map((x) => x.currency)))].filter((c) => currencyDecimals(c) === 0);
export const rate = (bps: number, fixed: Minor, currency: string, lang: Lang = "en") =>
  `${(bps / 100).toLocaleString(lang)} %${fixed > 0n ? ` + ${money(fixed, currency, lang)}` : ""}`;

/** One row per served country and currency: the country, the currency, then the table's own cells. */
export function PerCurrencyTable({
  headings,
  cells,
  lang = "en",
}: {
  headings: React.ReactNode;
  cells: (c: CountryCoverage, x: CurrencyLimits) => React.ReactNode;
  lang?: Lang;
}) {
  return (
    <Table>
      <thead>
        <tr>
          <th>{lang === "fr" ? "Pays" : "Country"}</th>
          <th>{lang === "fr" ? "Devise" : "Currency"}</th>
          {headings}
        </tr>
      </thead>
      <tbody>
        {coverage.flatMap((c) =>
          c.currencies.map((x) => (
            <tr key={`${c.code}-${x.currency}`}>
              <td className="whitespace-nowrap">
                {c.code} <span className="text-slate-500">{countryName(c, lang)}</span>
              </td>
              <td>{x.currency}</td>
              {cells(c, x)}
            </tr>
          )),
        )}
      </tbody>
    </Table>
  );
}

export interface Rule {
  direction: "payin" | "payout" | "settlement";
  countryCode: string;
  network: string;
  currency: string;
  rateBps: number;
  fixedAmount: Minor;
}

/** The schedule in force (operator edits included); the built-in defaults if the database cannot be read. */
export async function feeSchedule(): Promise<{ rules: Rule[]; live: boolean }> {
  try {
    const rows = await listFeeRules(await getDb());
    if (rows.length) return { rules: rows, live: true };
  } catch (err) {
    logger().warn({ err }, "docs: fee schedule unavailable, showing defaults");
  }
  return { rules: defaultFeeRules(), live: false };
}

