import type { Metadata } from "next";
import { findCountry } from "@/server/catalog/coverage";
import { numberingPlans } from "@/server/catalog/numbering-plans";
import { Table } from "../../_components/code-block";
import { renderRepoMarkdown } from "../../_components/markdown";
import { docsLocale } from "../../_components/docs-locale";
import { NetworkPredictionFr } from "./network-prediction-fr";

export const metadata: Metadata = { title: "Network prediction" };

/** docs/network-prediction.md, then the ranges themselves, read from the plan files the API uses. */
export default async function NetworkPredictionGuide() {
  if ((await docsLocale()) === "fr") return <NetworkPredictionFr />;
  const { html } = renderRepoMarkdown("network-prediction.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <h2 id="ranges">Ranges by country</h2>
      <p>Prefixes of the national number (after the country code). Operators Sika does not serve are shown with —: their numbers answer 404.</p>
      <Table>
        <thead>
          <tr>
            <th>Country</th>
            <th>Network</th>
            <th>Operator</th>
            <th>Prefixes</th>
          </tr>
        </thead>
        <tbody>
          {numberingPlans.flatMap((plan) =>
            plan.ranges.map((r, i) => (
              <tr key={`${plan.country_code}-${r.operator}`}>
                <td className="whitespace-nowrap">
                  {i === 0 ? (
                    <>
                      <span className="font-medium text-slate-900">{plan.country_code}</span> +{plan.dialing_code}{" "}
                      <span className="text-slate-500">{findCountry(plan.country_code)?.name}</span>
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
      <h2 id="sources">Sources</h2>
      <ul>
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
    </>
  );
}
