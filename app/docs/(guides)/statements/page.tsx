import { guideMetadata } from "../../_components/guide-metadata";
import { renderRepoMarkdown } from "../../_components/markdown";
import { docsLocale } from "../../_components/docs-locale";
import { StatementsFr } from "./statements-fr";

export const generateMetadata = guideMetadata("/docs/statements");

/** docs/statements.md: reconciling the balance with GET /api/v1/merchant/statements. */
export default async function StatementsGuide() {
  if ((await docsLocale()) === "fr") return <StatementsFr />;
  const { html } = renderRepoMarkdown("statements.md");
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
