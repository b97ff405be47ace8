import { CodeBlock } from "../../_components/code-block";
import { paymentLinksSnippets } from "./snippets";

/** Liens de paiement, en français. */
export function PaymentLinksFr() {
  return (
    <>
      <h1>Liens de paiement</h1>
      <p>
        Un lien de paiement est une page sur laquelle n&apos;importe qui peut vous payer par mobile money, sans site web ni développeur : une boutique
        le partage sur WhatsApp, une école imprime son QR code sur la lettre de frais de scolarité. Créez des liens dans le tableau de bord (
        <strong>Liens de paiement</strong>) ou avec l&apos;API. Chaque paiement est un <strong>encaissement ordinaire</strong> dans le mode du lien :
        mêmes frais, même cycle de vie, mêmes webhooks (<code>type: &quot;cashin&quot;</code>), même tableau de bord et mêmes relevés ; il est
        rattaché à son lien, dont la page liste les paiements et ce qu&apos;ils ont encaissé.
      </p>
      <h2 id="create">Créer un lien</h2>
      <CodeBlock
        title="Un montant fixe, avec le nom du payeur et une référence"
        code={paymentLinksSnippets.create}
      />
      <p>
        L&apos;<code>url</code> de la réponse (<code>/pay/&#123;slug&#125;</code>, sur votre URL publique configurée) est la page à partager. Omettez{" "}
        <code>amount</code> pour laisser le payeur choisir entre <code>min_amount</code> et <code>max_amount</code> (par défaut : les plafonds du
        pays). Facultatifs : <code>max_payments</code> (le lien s&apos;arrête après ce nombre de paiements réussis, en comptant ceux en cours),{" "}
        <code>expires_at</code>, <code>collect_fields</code> (<code>name</code>, <code>email</code>, <code>reference</code> ; une référence devient
        l&apos;<code>order_id</code> de l&apos;encaissement, sinon c&apos;est l&apos;identifiant du lien). Les montants sont vérifiés par rapport aux
        plafonds du pays à la création du lien, pour que chaque paiement qu&apos;il lance puisse aboutir.
      </p>
      <p>
        <code>GET /api/v1/merchant/payment-links</code> liste les liens (du plus récent au plus ancien, <code>limit</code>,{" "}
        et <code>starting_after</code> : le <code>next_starting_after</code> de la page précédente, un identifiant de lien ; toute autre valeur
        reçoit un 422), <code>GET …/payment-links/&#123;id&#125;</code> en lit un avec <code>payment_count</code>,{" "}
        <code>successful_count</code> et <code>total_collected</code>, et <code>POST …/payment-links/&#123;id&#125;/deactivate</code> le désactive
        définitivement (consigné dans le journal d&apos;audit).
      </p>
      <h2 id="page">La page du payeur</h2>
      <ul>
        <li>
          Pensée d&apos;abord pour le téléphone (375 px de large), sans image ni police à télécharger, en français ou en anglais selon la langue du
          navigateur, avec un sélecteur.
        </li>
        <li>
          Le payeur saisit un numéro ; le réseau est prédit d&apos;après le plan de numérotation (
          <a href="/docs/network-prediction">prédiction du réseau</a>) et peut être changé parmi les réseaux du pays. Les frais et le total sont
          affichés avant de payer : le payeur paie <code>charged_amount</code>, vous recevez <code>amount</code>.
        </li>
        <li>
          Vient ensuite l&apos;étape propre au réseau (<a href="/docs/payin-flows">parcours d&apos;autorisation</a>) : le code USSD Orange à composer,
          un champ de code PIN (QMoney, APS), une redirection vers la page Wave, ou une simple validation sur le téléphone. Une page de statut en
          direct suit et devient le reçu ; pendant que le payeur valide un paiement USSD, la page y passe d&apos;elle-même dès que le
          paiement est réglé (ou quand le payeur touche « J’ai validé »).
        </li>
        <li>Boutons de partage : WhatsApp, copie, et le QR code (aussi téléchargeable en PNG depuis le tableau de bord).</li>
        <li>Un lien désactivé, expiré ou épuisé l&apos;indique, et n&apos;accepte aucun paiement.</li>
      </ul>
      <h2 id="abuse">Limites anti-abus</h2>
      <p>
        Au plus 60 tentatives de paiement par lien par tranche de 10 minutes et 20 par adresse client par tranche de 10 minutes (tous liens
        confondus), sur le stockage partagé des limites de débit ; au-delà, la page demande au payeur de patienter. Un double appui sur{" "}
        <strong>Payer</strong> ou une nouvelle tentative sur une connexion lente ne crée qu&apos;un encaissement, pas deux : chaque soumission porte sa
        propre clé d&apos;idempotence.
      </p>
      <h2 id="test">En mode test</h2>
      <p>
        Un lien créé avec une clé de test (ou dans le mode test du tableau de bord) accepte les numéros sandbox : les 4 derniers chiffres choisissent
        l&apos;issue (<a href="/docs/test-mode">mode test</a>), et la page indique qu&apos;aucun argent réel ne bouge.
      </p>
    </>
  );
}
