import { CodeBlock } from "../../_components/code-block";

/** Client TypeScript, en français (`base` : l’origine de la documentation, comme pour la page anglaise). */
export function TypeScriptFr({ base }: { base: string }) {
  return (
    <>
      <h1>Client TypeScript</h1>
      <p>
        Le document OpenAPI fait foi : un client typé n&apos;est donc qu&apos;à une commande. <code>openapi-typescript</code> le transforme en types,
        et <code>openapi-fetch</code> (6 ko) fait vérifier par le compilateur chaque chemin, paramètre, corps et réponse — corps d&apos;erreur
        compris.
      </p>

      <h2 id="generate">Générer les types</h2>
      <CodeBlock title="shell" code={`npm install openapi-fetch\nnpx openapi-typescript ${base}/api/v1/openapi.json -o src/sika-api.d.ts`} />

      <h2 id="use">L&apos;utiliser</h2>
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

      <h2 id="webhook-type">Typer les webhooks</h2>
      <p>
        Le corps des notifications figure aussi dans le document, sous <code>components[&quot;schemas&quot;][&quot;WebhookPayload&quot;]</code> :
      </p>
      <CodeBlock
        title="webhook.ts"
        code={`import type { components } from "./sika-api";
type SikaWebhook = components["schemas"]["WebhookPayload"];

// after verifying the signature on the raw body (see the webhooks guide):
const event = JSON.parse(rawBody.toString("utf8")) as SikaWebhook;`}
      />

      <h2 id="in-repo">Dans ce dépôt</h2>
      <p>
        Sika fournit le même client pour son propre usage dans <code>server/client/</code> : <code>npm run generate:client</code> régénère{" "}
        <code>docs/openapi.json</code> et <code>server/client/generated/schema.d.ts</code> à partir du code, et un test échoue quand les copies
        versionnées ne sont plus à jour. Les tests d&apos;intégration pilotent l&apos;API à travers lui, et vérifient chaque réponse reçue par rapport
        au document.
      </p>
    </>
  );
}
