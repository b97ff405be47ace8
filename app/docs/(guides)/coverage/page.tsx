import { guideMetadata } from "../../_components/guide-metadata";
import { coverage, type AuthorizationKind } from "@/server/catalog/coverage";
import { Callout } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { CoverageFr } from "./coverage-fr";
import { NetworksTable, OverridesTable, PerCurrencyTable, feeCells, feeFacts, feeSchedule, money, rate, wholeUnitCurrencies } from "./shared";

export const generateMetadata = guideMetadata("/docs/coverage");

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
  const { find, overrides, ci, exampleAmount, exampleFee } = feeFacts(rules);

  return (
    <>
      <h1>Coverage, limits &amp; fees</h1>
      <p>
        {coverage.length} countries. Every fact on this page is read from the same catalog and fee schedule the API uses; <code>GET /api/v1/networks</code>{" "}
        returns the catalog as JSON, and <code>GET /api/v1/merchant/fees</code> quotes an exact fee.
      </p>

      <h2 id="networks">Countries and networks</h2>
      <p>The same networks serve payins and payouts. Use the network id in <code>metadata.network</code>; aliases are accepted too.</p>
      <NetworksTable networksHeading="Networks (payin authorization)" authLabel={authLabel} />

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
        cells={feeCells(find)}
      />
      {overrides.length ? (
        <>
          <p>Network-specific rates that replace the country rate above:</p>
          <OverridesTable
            overrides={overrides}
            headings={["Direction", "Country", "Network", "Rate"]}
            direction={(d) => d}
          />
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
