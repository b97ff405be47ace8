import { CodeBlock } from "../../_components/code-block";

/** Remboursements, en français (commandes partagées avec la page anglaise). */
export function RefundsFr() {
  return (
    <>
      <h1>Remboursements</h1>
      <p>
        Remboursez un <strong>encaissement réussi</strong>, en totalité ou en partie. Un remboursement est une transaction à part entière (identifiant{" "}
        <code>rf_…</code>) : un décaissement vers le numéro de téléphone de l&apos;encaissement, sur le réseau de l&apos;encaissement. Son{" "}
        <code>amount</code> plus les frais de décaissement sont prélevés aussitôt sur votre solde, son statut évolue comme celui d&apos;un décaissement (
        <code>pending</code>, puis <code>successful</code> ou <code>failed</code> ; un remboursement échoué vous rend l&apos;argent) et il a ses propres
        webhooks, avec <code>type: &quot;refund&quot;</code>.
      </p>
      <CodeBlock
        title="Rembourser 500 XOF d’un encaissement"
        code={`curl -X POST $SIKA_URL/api/v1/merchant/transactions/pi_01JZ.../refund \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: refund-order-1042-1" \\
  -d '{ "amount": 500, "reason": "Item out of stock" }'`}
      />
      <p>
        Sans corps, la requête rembourse ce qui reste. Les montants sont en unités de la devise (<code>500</code> vaut 500 XOF), comme partout dans
        l&apos;API. Le remboursement reprend le <code>order_id</code> et l&apos;URL de webhook de l&apos;encaissement.
      </p>
      <h2 id="rules">Règles</h2>
      <ul>
        <li>
          Les remboursements non échoués d&apos;un encaissement (en attente ou réussis) ne dépassent jamais, au total, son montant. En demander plus
          répond <code>409 Refund exceeds the refundable amount</code> avec <code>data.refundable_amount</code>. La règle tient aussi pour des requêtes
          simultanées.
        </li>
        <li>
          Un décaissement, un remboursement ou un encaissement qui n&apos;est pas <code>successful</code> : <code>409 Transaction cannot be refunded</code>.
        </li>
        <li>
          Votre solde doit couvrir montant + frais : sinon <code>400 Insufficient balance for payout</code> avec <code>required_amount</code>,{" "}
          <code>available_balance</code> et <code>currency</code>, comme pour les décaissements.
        </li>
        <li>
          Le montant doit respecter les plafonds du pays (ceux des décaissements, par exemple 500 XOF minimum en Côte d&apos;Ivoire) : sinon 400.
        </li>
        <li>
          En production : si le réseau de l&apos;encaissement n&apos;a pas de connecteur configuré, <code>503 Network unavailable</code> et rien n&apos;est
          prélevé.
        </li>
        <li>
          En mode test, le numéro sandbox décide de l&apos;issue comme pour les décaissements ; le numéro d&apos;un encaissement réussi se termine par un
          suffixe de réussite, donc ses remboursements réussissent.
        </li>
      </ul>
      <h2 id="list">Les remboursements d&apos;un encaissement</h2>
      <CodeBlock title="GET" code={`curl $SIKA_URL/api/v1/merchant/transactions/pi_01JZ.../refunds -H "Authorization: Bearer $SIKA_KEY"`} />
      <p>
        Renvoie le <code>amount</code> de l&apos;encaissement, <code>refunded_amount</code>, <code>refundable_amount</code> et ses <code>refunds</code> (du
        plus ancien au plus récent, chacun tel que l&apos;endpoint de statut montre une transaction, <code>type: &quot;refund&quot;</code>). Dans{" "}
        <code>GET /api/v1/transactions/&#123;reference&#125;</code>, un remboursement est un <code>debit</code>.
      </p>
    </>
  );
}
