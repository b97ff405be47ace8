import { CodeBlock } from "../../_components/code-block";

/** Sessions de paiement hébergées, en français. */
export function CheckoutSessionsFr() {
  return (
    <>
      <h1>Sessions de paiement hébergées</h1>
      <p>
        Confiez à Sika l&apos;étape de paiement de votre boutique : créez une session pour une commande, envoyez le client vers son <code>url</code>,
        et il revient sur votre <code>return_url</code> une fois le paiement fait. Sur notre page, le client choisit le réseau et saisit son numéro
        (réseau prédit, modifiable), puis suit l&apos;étape propre au réseau (code USSD, code PIN, page Wave ou validation sur le téléphone). Le
        paiement est un encaissement ordinaire, avec votre <code>order_id</code>, vos frais et vos webhooks.
      </p>
      <CodeBlock
        title="Créer une session"
        code={`curl -X POST $SIKA_URL/api/v1/merchant/checkout-sessions \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{ "amount": 15000, "currency": "XOF", "country_code": "SN", "order_id": "order-2026-0042",
        "return_url": "https://shop.example.sn/checkout/done", "description": "2 x T-shirt" }'`}
      />
      <p>
        Les <code>data</code> de la réponse contiennent <code>id</code> (<code>cs_…</code>), <code>url</code> et <code>expires_at</code> (60 minutes),
        avec le reste de la session. Redirigez le client vers <code>url</code>. Sans <code>country_code</code>, la page laisse le client choisir parmi
        les pays de la <code>currency</code>. <code>callback_url</code> (facultatif) reçoit les webhooks de l&apos;encaissement ; sinon, c&apos;est
        l&apos;URL de webhook de votre tableau de bord. <code>return_url</code> doit être en https en production.
      </p>
      <h2 id="return">Retour vers votre boutique</h2>
      <p>
        Après un paiement réussi, la page de reçu envoie le client vers <code>return_url?session_id=cs_…&amp;status=complete</code> (au bout de
        5 secondes, ou tout de suite avec le bouton). La chaîne de requête n&apos;est que la parole du client : avant de livrer, lisez la session
        depuis votre serveur.
      </p>
      <CodeBlock title="Lire la session" code={`curl $SIKA_URL/api/v1/merchant/checkout-sessions/cs_01JZ... -H "Authorization: Bearer $SIKA_KEY"`} />
      <ul>
        <li>
          <code>status</code> : <code>open</code> jusqu&apos;à la réussite de son encaissement (<code>complete</code>), ou <code>expired</code> passé{" "}
          <code>expires_at</code> sans paiement en cours.
        </li>
        <li>
          <code>transaction_id</code> et <code>payment_status</code> : le dernier encaissement. Une tentative échouée ou annulée permet au client de
          réessayer sur la même page (un encaissement à la fois) ; une session complète n&apos;accepte pas de second paiement.
        </li>
      </ul>
      <p>
        Limites anti-abus : 10 tentatives par session et par heure, et 20 par adresse client par tranche de 10 minutes. Une double soumission ne crée
        qu&apos;un encaissement (une clé d&apos;idempotence par soumission).
      </p>
    </>
  );
}
