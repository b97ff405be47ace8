import { numberingPlans } from "@/server/catalog/numbering-plans";
import { Table } from "../../_components/code-block";
import { renderRepoMarkdown } from "../../_components/markdown";

const countryFr = (code: string) => new Intl.DisplayNames(["fr"], { type: "region" }).of(code) ?? code;

/** docs/fr/network-prediction.md, puis les plages lues dans les fichiers de plan de l'API (leurs notes de source restent en anglais). */
export function NetworkPredictionFr() {
  const { html } = renderRepoMarkdown("fr/network-prediction.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <h2 id="ranges">Plages par pays</h2>
      <p>
        Préfixes du numéro national (après l&apos;indicatif du pays). Les opérateurs que Sika ne sert pas sont marqués — : leurs numéros répondent 404.
      </p>
      <Table>
        <thead>
          <tr>
            <th>Pays</th>
            <th>Réseau</th>
            <th>Opérateur</th>
            <th>Préfixes</th>
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
                      <span className="text-slate-500">{countryFr(plan.country_code)}</span>
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
      <p>Les notes de chaque fichier de plan, telles qu&apos;elles y sont écrites (en anglais) :</p>
      <ul lang="en">
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
