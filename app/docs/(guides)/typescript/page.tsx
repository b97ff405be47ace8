import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { clientSample, installSample, webhookSample } from "./snippets";
import { docsOrigin } from "../../_components/origin";
import { docsLocale } from "../../_components/docs-locale";
import { TypeScriptFr } from "./typescript-fr";

export const generateMetadata = guideMetadata("/docs/typescript");

export default async function TypeScriptClientPage() {
  const base = await docsOrigin();
  if ((await docsLocale()) === "fr") return <TypeScriptFr base={base} />;
  return (
    <>
      <h1>TypeScript client</h1>
      <p>
        The OpenAPI document is the contract, so a typed client is one command away: <code>openapi-typescript</code> turns it into types, and{" "}
        <code>openapi-fetch</code> (6 kB) makes every path, parameter, body and response type-checked — including the error bodies.
      </p>

      <h2 id="generate">Generate the types</h2>
      <CodeBlock title="shell" code={installSample(base)} />

      <h2 id="use">Use it</h2>
      <CodeBlock
        title="sika.ts"
        code={clientSample(base)}
      />

      <h2 id="webhook-type">Typing webhooks</h2>
      <p>
        The notification body is in the document too, as <code>components[&quot;schemas&quot;][&quot;WebhookPayload&quot;]</code>:
      </p>
      <CodeBlock
        title="webhook.ts"
        code={webhookSample}
      />

      <h2 id="in-repo">In this repository</h2>
      <p>
        Sika ships the same client for its own use in <code>server/client/</code>: <code>npm run generate:client</code> rebuilds{" "}
        <code>docs/openapi.json</code> and <code>server/client/generated/schema.d.ts</code> from the code, and a test fails when the committed copies are
        stale. The integration tests drive the API through it, and check every response they receive against the document.
      </p>
    </>
  );
}
