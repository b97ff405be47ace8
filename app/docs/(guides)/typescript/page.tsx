import type { Metadata } from "next";
import { CodeBlock } from "../../_components/code-block";
import { docsOrigin } from "../../_components/origin";
import { docsLocale } from "../../_components/docs-locale";
import { TypeScriptFr } from "./typescript-fr";

export const metadata: Metadata = { title: "TypeScript client" };

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
      <CodeBlock title="shell" code={`npm install openapi-fetch\nnpx openapi-typescript ${base}/api/v1/openapi.json -o src/sika-api.d.ts`} />

      <h2 id="use">Use it</h2>
      <CodeBlock
        title="sika.ts"
        code={`import createClient from "openapi-fetch";
import type { paths } from "./sika-api";

export const sika = createClient<paths>({
  baseUrl: "${base}",
  headers: { Authorization: \`Bearer \${process.env.SIKA_KEY}\` },
});

const { data, error, response } = await sika.POST("/api/v1/merchant/payin", {
  params: { header: { "Idempotency-Key": crypto.randomUUID() } },
  body: {
    amount: 1000,
    currency: "XOF",
    order_id: "order-1042",
    metadata: { network: "mtn", phone_number: "+2250123456789", country_code: "CI" },
  },
});

if (error) {
  // error is typed per status: 422 -> { data: Record<string, string[]> }, 400 -> limits or balance details...
  console.error(response.status, error.message, error.data);
} else if (data.data.auth_mode === "pin") {
  // ask for the PIN, then:
  await sika.POST("/api/v1/merchant/transactions/{id}/finalize", {
    params: { path: { id: data.data.transaction_id } },
    body: { otp: "4821" },
  });
}`}
      />

      <h2 id="webhook-type">Typing webhooks</h2>
      <p>
        The notification body is in the document too, as <code>components[&quot;schemas&quot;][&quot;WebhookPayload&quot;]</code>:
      </p>
      <CodeBlock
        title="webhook.ts"
        code={`import type { components } from "./sika-api";
type SikaWebhook = components["schemas"]["WebhookPayload"];

// after verifying the signature on the raw body (see the webhooks guide):
const event = JSON.parse(rawBody.toString("utf8")) as SikaWebhook;`}
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
