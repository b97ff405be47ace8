import { CodeBlock } from "../../_components/code-block";
import { migratingSnippets } from "./snippets";

/** Migrer depuis MbiyoPay, en français. */
export function MigratingFr() {
  return (
    <>
      <h1>Migrer depuis MbiyoPay</h1>
      <p>
        Le code écrit pour l&apos;API de MbiyoPay continue de fonctionner : changez l&apos;URL de base et la clé API. Les points de terminaison
        d&apos;encaissement, de décaissement, de statut, de renvoi de webhook, de transaction par référence et des pays ont les mêmes chemins et les
        mêmes formats, tout comme ces trois-là :
      </p>
      <ul>
        <li>
          <code>GET /api/v1/transactions?page=&amp;limit=</code> : vos transactions, des plus récentes aux plus anciennes, au format de paginateur
          Laravel de <code>/api/v1/countries</code> (<code>data</code> au premier niveau, <code>links</code>, <code>meta</code> ; pas d&apos;enveloppe
          status/message). <code>limit</code> va de 1 à 100, 15 par défaut. Chaque élément a le format de{" "}
          <code>GET /api/v1/transactions/&#123;reference&#125;</code>.
        </li>
        <li>
          <code>GET /api/v1/merchant/transactions?page=&amp;limit=</code> : <code>data</code> est le tableau des transactions (chacune comme{" "}
          <code>GET /api/v1/merchant/transactions/&#123;transaction_id&#125;</code>), avec à côté <code>next_cursor</code> et <code>meta</code>{" "}
          (<code>current_page</code>, <code>per_page</code>, <code>total</code> pour les requêtes par page). <code>page</code> et{" "}
          <code>cursor</code> fonctionnent tous deux ; <code>order_id</code>, <code>status</code>, <code>type</code> et la plage de création filtrent.
        </li>
        <li>
          <code>GET /api/v1/merchant/status/&#123;transaction_id&#125;</code> : la même réponse que{" "}
          <code>GET /api/v1/merchant/transactions/&#123;transaction_id&#125;</code>.
        </li>
      </ul>
      <h2 id="amounts">Les montants sont en unités</h2>
      <p>
        Chaque montant que vous envoyez (encaissement, décaissement, remboursement, lot groupé) et chaque montant des réponses est exprimé en{" "}
        <strong>unités</strong> de la devise : <code>&quot;amount&quot;: 1000</code> vaut mille francs CFA, <code>&quot;amount&quot;: 10.5</code> dix
        shillings et demi. N&apos;envoyez jamais de centièmes. Seul le format de type transfert de <code>/api/v1/transactions</code> montre des
        centièmes, en texte décimal dans <code>amount</code> et <code>charge</code>, à côté des unités dans <code>human_readable_amount</code>.
      </p>
      <p>
        Si votre code multiplie par 100 avant l&apos;envoi, un encaissement de 1 000 XOF en Côte d&apos;Ivoire part à 100 000 XOF et peut être
        refusé :
      </p>
      <CodeBlock
        title="Centièmes envoyés par erreur : 1 500 000 XOF demandés sous la forme 150000000"
        code={migratingSnippets.hundredthsError}
      />
      <p>
        Ce 400 donne les plafonds en unités. Sous le maximum, l&apos;erreur est silencieuse (100 fois le montant) : vérifiez donc d&apos;abord votre
        intégration en mode test, le point de terminaison de statut montre l&apos;<code>amount</code> traité.
      </p>
    </>
  );
}
