import { CodeBlock } from "../../_components/code-block";
import { bulkPayoutsSnippets } from "./snippets";

/** Décaissements groupés, en français. */
export function BulkPayoutsFr() {
  return (
    <>
      <h1>Décaissements groupés</h1>
      <p>
        Payez jusqu&apos;à 1 000 personnes en une seule requête. <code>payouts</code> contient des corps exactement comme pour{" "}
        <code>POST /api/v1/merchant/payout</code>, chacun avec son propre <code>order_id</code> (obligatoire, unique dans le lot).
      </p>
      <CodeBlock
        title="POST /api/v1/merchant/payouts/bulk"
        code={bulkPayoutsSnippets.create}
      />
      <h2 id="answer">La réponse</h2>
      <p>
        Toujours <code>200</code> quand la requête elle-même est valide. <code>data.items</code> liste chaque élément dans l&apos;ordre de la requête,
        chacun tel que l&apos;aurait traité le point de terminaison du décaissement unitaire : <code>http_status</code> 200 avec le décaissement créé dans{" "}
        <code>data</code>, ou 422 (validation), 400 (plafonds ou solde) ou 503 (réseau de production indisponible) avec le <code>message</code> et les{" "}
        <code>data</code> de l&apos;erreur. <code>index</code> est la position de l&apos;élément (à partir de 0). Un élément invalide n&apos;arrête
        jamais les autres.
      </p>
      <p>
        Les éléments acceptés réservent <code>amount + fee</code> sur le solde, dans l&apos;ordre de la requête, tant que le solde les couvre ; un
        élément suivant qui ne passe plus reçoit <code>400 Insufficient balance for payout</code> avec le solde restant à son tour. Chaque
        décaissement a ses propres webhooks.
      </p>
      <h2 id="batch">Suivre un lot</h2>
      <CodeBlock title="GET" code={bulkPayoutsSnippets.batch} />
      <p>
        Donne les compteurs, <code>statuses</code> (combien de décaissements sont actuellement en attente, réussis, échoués, annulés),{" "}
        <code>completed</code> et chaque élément : les acceptés avec l&apos;état actuel de leur décaissement, les refusés tels qu&apos;ils ont été
        traités.
      </p>
      <h2 id="idempotency">Idempotency-Key</h2>
      <p>
        Avec une clé, la même clé et le même corps rejouent toute la réponse (<code>Idempotent-Replayed: true</code>) sans rien créer ; un autre corps
        avec la même clé reçoit 409. Une deuxième requête avec la clé pendant que la première est encore en cours reçoit 409 aussi. Les clés des lots
        groupés n&apos;expirent pas.
      </p>
      <p>En production sans KYC approuvé, toute la requête reçoit 403.</p>
    </>
  );
}
