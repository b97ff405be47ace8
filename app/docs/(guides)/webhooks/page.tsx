import { guideMetadata } from "../../_components/guide-metadata";
import { renderRepoMarkdown } from "../../_components/markdown";
import { docsLocale } from "../../_components/docs-locale";
import { WebhooksFr } from "./webhooks-fr";

export const generateMetadata = guideMetadata("/docs/webhooks");

/** docs/webhooks.md as written by the webhooks code's authors; its snippets are run by the test suite. */
export default async function WebhooksGuide() {
  if ((await docsLocale()) === "fr") return <WebhooksFr />;
  const { html } = renderRepoMarkdown("webhooks.md");
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-500">
        The payload schema and headers are also in the <a href="/docs/reference">API reference</a> under Webhooks.
      </p>
    </>
  );
}
