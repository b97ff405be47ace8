import { numberingPlans } from "@/server/catalog/numbering-plans";
import { Table } from "../../_components/code-block";

/** The network-prediction guide's pieces shared by its English and French pages. */

/** The ranges by country, read from the plan files the API uses; `headings` and `countryName` carry the page's language. */
export function RangesTable({ headings, countryName }: { headings: React.ReactNode; countryName: (code: string) => string | undefined }) {
  return (
    <Table>
      <thead>
        <tr>{headings}</tr>
      </thead>
      <tbody>
        {numberingPlans.flatMap((plan) =>
          plan.ranges.map((r, i) => (
            <tr key={`${plan.country_code}-${r.operator}`}>
              <td className="whitespace-nowrap">
                {i === 0 ? (
                  <>
                    <span className="font-medium text-slate-900">{plan.country_code}</span> +{plan.dialing_code}{" "}
                    <span className="text-slate-500">{countryName(plan.country_code)}</span>
                  </>
                ) : null}
              </td>
              <td>{r.network ? <code>{r.network}</code> : "—"}</td>
              <td>{r.operator}</td>
              <td className="font-mono text-xs">{r.prefixes.join(" ")}</td>
            </tr>
          )),
        )}
      </tbody>
    </Table>
  );
}

/** Each plan file's source notes, as written there (in English). */
export function SourcesList({ lang }: { lang?: string }) {
  return (
    <ul lang={lang}>
      {numberingPlans.map((plan) => (
        <li key={plan.country_code}>
          <strong>{plan.country_code}</strong>: {plan.source.regulator}, {plan.source.document} (<a href={plan.source.url}>{plan.source.url}</a>), data of{" "}
          {plan.source.as_of}. {plan.source.how}
          {plan.source.references?.length ? (
            <ul>
              {plan.source.references.map((r) => (
                <li key={r.url}>
                  {r.publisher}, <a href={r.url}>{r.title}</a> ({r.published}): {r.supports}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
