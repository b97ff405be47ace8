import type { Metadata } from "next";
import { renderRepoMarkdown } from "../../_components/markdown";
import { EnglishOnly, docsLocale } from "../../_components/docs-locale";

export const metadata: Metadata = { title: "Statements" };

/** docs/statements.md: reconciling the balance with GET /api/v1/merchant/statements. */
export default async function StatementsGuide() {
  const locale = await docsLocale();
  const { html } = renderRepoMarkdown("statements.md");
  return (
    <EnglishOnly locale={locale}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </EnglishOnly>
  );
}
