import { renderRepoMarkdown } from "../../_components/markdown";
import { RangesTable, SourcesList } from "./shared";

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
      <RangesTable
        headings={
          <>
            <th>Pays</th>
            <th>Réseau</th>
            <th>Opérateur</th>
            <th>Préfixes</th>
          </>
        }
        countryName={countryFr}
      />
      <h2 id="sources">Sources</h2>
      <p>Les notes de chaque fichier de plan, telles qu&apos;elles y sont écrites (en anglais) :</p>
      <SourcesList lang="en" />
    </>
  );
}
