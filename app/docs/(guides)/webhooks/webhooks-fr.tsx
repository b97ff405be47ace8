import { renderRepoMarkdown } from "../../_components/markdown";

/** docs/fr/webhooks.md : la traduction de docs/webhooks.md (le code de vérification est le même, mot pour mot). */
export function WebhooksFr() {
  const { html } = renderRepoMarkdown("fr/webhooks.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-500">
        Le schéma du corps et les en-têtes figurent aussi dans la <a href="/docs/reference">référence de l&apos;API</a>, sous Webhooks.
      </p>
    </>
  );
}
