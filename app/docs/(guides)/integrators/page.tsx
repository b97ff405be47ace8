import { guideMetadata } from "../../_components/guide-metadata";
import { renderRepoMarkdown } from "../../_components/markdown";
import { docsLocale } from "../../_components/docs-locale";
import { IntegratorsFr } from "./integrators-fr";

export const generateMetadata = guideMetadata("/docs/integrators");

/** docs/integrators.md: request logs, the events API and several webhook endpoints (issue 23). */
export default async function IntegratorsGuide() {
  if ((await docsLocale()) === "fr") return <IntegratorsFr />;
  const { html } = renderRepoMarkdown("integrators.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-500">
        Every operation is in the <a href="/docs/reference">API reference</a> under Developers.
      </p>
    </>
  );
}
