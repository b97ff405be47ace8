import { renderRepoMarkdown } from "../../_components/markdown";

/** docs/fr/statements.md : la traduction de docs/statements.md (mêmes requêtes, réponses et ancres). */
export function StatementsFr() {
  const { html } = renderRepoMarkdown("fr/statements.md");
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
