import { renderRepoMarkdown } from "../../_components/markdown";

/**
 * docs/integrators.fr.md rendered with the English guide's heading ids: anchors are generated
 * from heading text, so the French headings take, in order, the ids of the English ones and a
 * link to /docs/integrators#events lands on the same section in both languages.
 */
export function integratorsFrHtml(): string {
  const ids = [...renderRepoMarkdown("integrators.md").html.matchAll(/<h([1-6]) id="([^"]*)">/g)].map((m) => m[2]);
  let i = 0;
  return renderRepoMarkdown("integrators.fr.md").html.replace(/<h([1-6]) id="[^"]*">/g, (tag, depth: string) => `<h${depth} id="${ids[i++] ?? ""}">`);
}

/** Journaux, événements et points de terminaison, en français. */
export function IntegratorsFr() {
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: integratorsFrHtml() }} />
      <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-500">
        Chaque opération figure dans la <a href="/docs/reference">référence de l&apos;API</a>, sous Développeurs.
      </p>
    </>
  );
}
