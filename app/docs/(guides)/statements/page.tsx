import type { Metadata } from "next";
import { renderRepoMarkdown } from "../../_components/markdown";
import { docsLocale } from "../../_components/docs-locale";
import { StatementsFr } from "./statements-fr";

export const metadata: Metadata = { title: "Statements" };

/** docs/statements.md: reconciling the balance with GET /api/v1/merchant/statements. */
export default async function StatementsGuide() {
  if ((await docsLocale()) === "fr") return <StatementsFr />;
  const { html } = renderRepoMarkdown("statements.md");
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
