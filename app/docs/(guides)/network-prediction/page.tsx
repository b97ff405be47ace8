import { guideMetadata } from "../../_components/guide-metadata";
import { findCountry } from "@/server/catalog/coverage";
import { renderRepoMarkdown } from "../../_components/markdown";
import { RangesTable, SourcesList } from "./shared";
import { docsLocale } from "../../_components/docs-locale";
import { NetworkPredictionFr } from "./network-prediction-fr";

export const generateMetadata = guideMetadata("/docs/network-prediction");

/** docs/network-prediction.md, then the ranges themselves, read from the plan files the API uses. */
export default async function NetworkPredictionGuide() {
  if ((await docsLocale()) === "fr") return <NetworkPredictionFr />;
  const { html } = renderRepoMarkdown("network-prediction.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <h2 id="ranges">Ranges by country</h2>
      <p>Prefixes of the national number (after the country code). Operators Sika does not serve are shown with —: their numbers answer 404.</p>
      <RangesTable
        headings={
          <>
            <th>Country</th>
            <th>Network</th>
            <th>Operator</th>
            <th>Prefixes</th>
          </>
        }
        countryName={(code) => findCountry(code)?.name}
      />
      <h2 id="sources">Sources</h2>
      <SourcesList />
    </>
  );
}
