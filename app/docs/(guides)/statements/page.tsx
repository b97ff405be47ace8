import type { Metadata } from "next";
import { renderRepoMarkdown } from "../../_components/markdown";

export const metadata: Metadata = { title: "Statements" };

/** docs/statements.md: reconciling the balance with GET /api/v1/merchant/statements. */
export default function StatementsGuide() {
  const { html } = renderRepoMarkdown("statements.md");
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
