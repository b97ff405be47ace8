import type { Metadata } from "next";
import { coverage, type AuthorizationKind } from "@/server/catalog/coverage";
import { ANY_NETWORK } from "@/server/fees/schedule";
import { computeFee } from "@/server/money";
import { Callout, Table } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { CoverageFr } from "./coverage-fr";
import { PerCurrencyTable, feeSchedule, money, rate, wholeUnitCurrencies, type Rule } from "./shared";

export const metadata: Metadata = { title: "Coverage, limits & fees" };

const authLabel: Record<AuthorizationKind, string> = {
  none: "—",
  ussd: "USSD code",
  pin: "PIN → finalize",
  redirect: "hosted checkout",
  approve_on_phone: "approve on phone",
};

export default async function CoveragePage() {
  const { rules } = await feeSchedule();
  if ((await docsLocale()) === "fr") return <CoverageFr rules={rules} />;
  const find = (direction: Rule["direction"], country: string, currency: string, network = ANY_NETWORK) =>
    rules.find((r) => r.direction === direction && r.countryCode === country && r.currency === currency && r.network === network);
  const overrides = rules.filter((r) => r.network !== ANY_NETWORK);
  const ci = find("payin", "CI", "XOF");
  const exampleAmount = 100_000n; // 1,000 XOF in hundredths
  const exampleFee = ci ? computeFee(exampleAmount, ci.rateBps, ci.fixedAmount, "XOF") : 0n;

  return (
    <>
      <h1>Coverage, limits &amp; fees</h1>
      <p>
        {coverage.length} countries. Every fact on this page is read from the same catalog and fee schedule the API uses; <code>GET /api/v1/networks</code>{" "}
        returns the catalog as JSON, and <code>GET /api/v1/merchant/fees</code> quotes an exact fee.
      </p>

      <h2 id="networks">Countries and networks</h2>
      <p>The same networks serve payins and payouts. Use the network id in <code>metadata.network</code>; aliases are accepted too.</p>
      <Table>
        <thead>
          <tr>
            <th>Country</th>
            <th>Currency</th>
            <th>Networks (payin authorization)</th>
          </tr>
        </thead>
        <tbody>
          {coverage.map((c) => (
            <tr key={c.code}>
              <td className="whitespace-nowrap">
                <span className="font-medium text-slate-900">{c.code}</span> <span className="text-slate-500">{c.name}</span>
              </td>
              <td>{c.currencies.map((x) => x.currency).join(", ")}</td>
              <td className="min-w-64">
                <ul className="!my-0 !list-none !pl-0">
                  {c.networks.map((n) => (
                    <li key={n.id} className="!my-0.5">
                      <code>{n.id}</code> <span className="text-slate-500">{n.name}</span>
                      {n.aliases.length ? <span className="text-xs text-slate-500"> (also {n.aliases.map((a) => `"${a}"`).join(", ")})</span> : null}
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

      <h2 id="limits">Limits and rounding</h2>
      <p>
        Per transaction, payin and payout alike, applied to the processed amount. Outside them the API answers <code>400</code> with the limits in{" "}
        <code>data</code>. Where the rounding column says so, amounts are rounded to the nearest multiple of 5 (half up) before anything else, and the
        response shows the amount actually processed.
      </p>
      <PerCurrencyTable
        headings={
          <>
            <th className="text-right">Minimum</th>
            <th className="text-right">Maximum</th>
            <th>Rounding</th>
          </>
        }
        cells={(c, x) => (
          <>
            <td className="whitespace-nowrap text-right tabular-nums">{money(x.min, x.currency)}</td>
            <td className="whitespace-nowrap text-right tabular-nums">{money(x.max, x.currency)}</td>
            <td>{c.roundsToFive ? "multiple of 5" : "—"}</td>
          </>
        )}
      />

      <h2 id="fees">Fees</h2>
      <p>
        A percentage of the processed amount plus a fixed part, rounded <strong>up</strong> to the currency&apos;s smallest unit (whole units for{" "}
        {wholeUnitCurrencies.join(", ")}). The fee is added on top: <code>charged_amount = amount + fee</code>. A payin credits you <code>amount</code> when it succeeds; a
        payout debits <code>charged_amount</code> from your balance.
      </p>
      <PerCurrencyTable
        headings={
          <>
            <th>Payin</th>
            <th>Payout</th>
          </>
        }
        cells={(c, x) =>
          (["payin", "payout"] as const).map((direction) => {
            const rule = find(direction, c.code, x.currency);
            return (
              <td key={direction} className="whitespace-nowrap">
                {rule ? rate(rule.rateBps, rule.fixedAmount, x.currency) : "—"}
              </td>
            );
          })
        }
      />
      {overrides.length ? (
        <>
          <p>Network-specific rates that replace the country rate above:</p>
          <Table>
            <thead>
              <tr>
                <th>Direction</th>
                <th>Country</th>
                <th>Network</th>
                <th>Rate</th>
              </tr>
            </thead>
            <tbody>
              {overrides.map((r) => (
                <tr key={`${r.direction}-${r.countryCode}-${r.network}-${r.currency}`}>
                  <td>{r.direction}</td>
                  <td>
                    {r.countryCode} {r.currency}
                  </td>
                  <td>
                    <code>{r.network}</code>
                  </td>
                  <td>{rate(r.rateBps, r.fixedAmount, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
      <Callout>
        <p>
          Example: a {money(exampleAmount, "XOF")} payin in Côte d&apos;Ivoire{ci ? ` at ${rate(ci.rateBps, ci.fixedAmount, "XOF")}` : ""} costs a fee of{" "}
          {money(exampleFee, "XOF")}: the customer is charged {money(exampleAmount + exampleFee, "XOF")} and you receive {money(exampleAmount, "XOF")}. For
          any amount, ask <code>GET /api/v1/merchant/fees?type=payin&amp;country_code=CI&amp;amount=1000</code>.
        </p>
      </Callout>
    </>
  );
}
