import { CodeBlock } from "../../_components/code-block";
import { clientSample, installSample, webhookSample } from "./snippets";

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
      <CodeBlock title="shell" code={installSample(base)} />

      <h2 id="use">L&apos;utiliser</h2>
      <CodeBlock
        title="sika.ts"
        code={clientSample(base)}
      />

      <h2 id="webhook-type">Typer les webhooks</h2>
      <p>
        Le corps des notifications figure aussi dans le document, sous <code>components[&quot;schemas&quot;][&quot;WebhookPayload&quot;]</code> :
      </p>
      <CodeBlock
        title="webhook.ts"
        code={webhookSample}
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
