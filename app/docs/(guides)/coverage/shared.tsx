import { coverage, type AuthorizationKind, type CountryCoverage, type CurrencyLimits } from "@/server/catalog/coverage";
import { getDb } from "@/server/db/client";
import { ANY_NETWORK, defaultFeeRules, listFeeRules } from "@/server/fees/schedule";
import { logger } from "@/server/logger";
import { computeFee, currencyDecimals, toAmount, type Minor } from "@/server/money";
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

/** A table head whose first columns are the country and the currency, then `headings`. */
function CountryCurrencyHead({ headings, lang }: { headings: React.ReactNode; lang: Lang }) {
  return (
    <thead>
      <tr>
        <th>{lang === "fr" ? "Pays" : "Country"}</th>
        <th>{lang === "fr" ? "Devise" : "Currency"}</th>
        {headings}
      </tr>
    </thead>
  );
}

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
      <CountryCurrencyHead headings={headings} lang={lang} />
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


/** The rule lookup, the network overrides and the worked example (a 1,000 XOF payin in Côte d'Ivoire) both pages show. */
export function feeFacts(rules: Rule[]) {
  const find = (direction: Rule["direction"], country: string, currency: string, network = ANY_NETWORK) =>
    rules.find((r) => r.direction === direction && r.countryCode === country && r.currency === currency && r.network === network);
  const overrides = rules.filter((r) => r.network !== ANY_NETWORK);
  const ci = find("payin", "CI", "XOF");
  const exampleAmount = 100_000n; // 1,000 XOF in hundredths
  const exampleFee = ci ? computeFee(exampleAmount, ci.rateBps, ci.fixedAmount, "XOF") : 0n;
  return { find, overrides, ci, exampleAmount, exampleFee };
}

/** One row per country: its currencies, then its networks with aliases and payin authorization. */
export function NetworksTable({
  networksHeading,
  authLabel,
  lang = "en",
}: {
  networksHeading: React.ReactNode;
  authLabel: Record<AuthorizationKind, string>;
  lang?: Lang;
}) {
  return (
    <Table>
      <CountryCurrencyHead headings={<th>{networksHeading}</th>} lang={lang} />
      <tbody>
        {coverage.map((c) => (
          <tr key={c.code}>
            <td className="whitespace-nowrap">
              <span className="font-medium text-slate-900">{c.code}</span> <span className="text-slate-500">{countryName(c, lang)}</span>
            </td>
            <td>{c.currencies.map((x) => x.currency).join(", ")}</td>
            <td className="min-w-64">
              <ul className="!my-0 !list-none !pl-0">
                {c.networks.map((n) => (
                  <li key={n.id} className="!my-0.5">
                    <code>{n.id}</code> <span className="text-slate-500">{n.name}</span>
                    {n.aliases.length ? <span className="text-xs text-slate-500"> ({lang === "fr" ? "aussi" : "also"} {n.aliases.map((a) => `"${a}"`).join(", ")})</span> : null}
                    {n.authorization !== "none" ? (
                      <span className="ml-1 rounded bg-sky-50 px-1.5 py-0.5 text-xs text-sky-800 ring-1 ring-sky-200">
                        {authLabel[n.authorization]}
                        {n.ussdCode ? ` ${n.ussdCode}` : ""}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The fee table's cells for one country and currency: the payin rate, then the payout rate. */
export const feeCells =
  (find: ReturnType<typeof feeFacts>["find"], lang: Lang = "en") =>
  (c: CountryCoverage, x: CurrencyLimits) =>
    (["payin", "payout"] as const).map((direction) => {
      const rule = find(direction, c.code, x.currency);
      return (
        <td key={direction} className="whitespace-nowrap">
          {rule ? rate(rule.rateBps, rule.fixedAmount, x.currency, lang) : "—"}
        </td>
      );
    });

/** The network-specific rates; `headings` and `direction` carry the page's language. */
export function OverridesTable({
  overrides,
  headings,
  direction,
  lang = "en",
}: {
  overrides: Rule[];
  headings: string[];
  direction: (d: Rule["direction"]) => string;
  lang?: Lang;
}) {
  return (
    <Table>
      <thead>
        <tr>
          {headings.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {overrides.map((r) => (
          <tr key={`${r.direction}-${r.countryCode}-${r.network}-${r.currency}`}>
            <td>{direction(r.direction)}</td>
            <td>
              {r.countryCode} {r.currency}
            </td>
            <td>
              <code>{r.network}</code>
            </td>
            <td>{rate(r.rateBps, r.fixedAmount, r.currency, lang)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
