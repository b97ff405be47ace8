import { CodeBlock } from "../../_components/code-block";
import { settlementsSnippets } from "./snippets";

/** Reversements vers la banque, en français. */
export function SettlementsFr() {
  return (
    <>
      <h1>Reversements vers la banque</h1>
      <p>
        Transférez votre solde disponible vers votre compte bancaire. Enregistrez le compte dans le tableau de bord (<strong>Reversements</strong>,
        réservé aux propriétaires) ; Sika le vérifie avant son premier reversement. Demandez ensuite des reversements depuis le tableau de bord ou
        l&apos;API, ou laissez un calendrier automatique s&apos;en charger.
      </p>
      <h2 id="accounts">Comptes bancaires</h2>
      <ul>
        <li>
          <strong>UEMOA</strong> (BF, BJ, CI, ML, SN, TG) : le RIB de 24 caractères (code banque, code guichet, numéro de compte, clé) ou son IBAN
          (28 caractères). <strong>CEMAC</strong> (CM, CG) : le RIB de 23 chiffres ou son IBAN (27). Enregistré sous forme d&apos;IBAN ; la clé de
          contrôle d&apos;un IBAN doit être juste.
        </li>
        <li>
          <strong>KE, UG, TZ, RW</strong> : le numéro de compte (6 à 20 chiffres) et le code agence (3 à 6 chiffres). CD, GM, GN : le numéro de compte
          et un code agence facultatif. Le SWIFT/BIC est partout facultatif.
        </li>
        <li>
          L&apos;équipe des opérations vérifie ou refuse chaque compte (avec un motif visible dans le tableau de bord) ; les deux décisions figurent
          au journal d&apos;audit. <code>GET /api/v1/merchant/bank-accounts</code> les liste avec leur statut.
        </li>
      </ul>
      <h2 id="request">Demander un reversement</h2>
      <CodeBlock
        title="500 000 XOF vers un compte vérifié"
        code={settlementsSnippets.request}
      />
      <p>
        <code>amount</code> arrive à la banque ; les frais de reversement de la grille tarifaire (direction <code>settlement</code>, 0,5 % par défaut,
        arrondis à l&apos;unité supérieure de la devise) s&apos;y ajoutent. <code>amount + fee</code> (<code>total</code>) quitte aussitôt le solde
        disponible, comme pour un décaissement, et apparaît comme <code>pending_balance</code> dans <code>GET /api/v1/merchant/balances</code>{" "}
        jusqu&apos;à ce que le virement soit fait. Si le solde ne suffit pas : <code>400 Insufficient balance for settlement</code> avec{" "}
        <code>required_amount</code> et <code>available_balance</code> ; rien ne bouge. La production exige un KYC approuvé.
      </p>
      <h2 id="lifecycle">Cycle de vie</h2>
      <ul>
        <li>
          <code>pending</code> : réservé ; les opérateurs de Sika exportent les reversements en attente de chaque banque dans un fichier de virements
          (CSV) et envoient les virements.
        </li>
        <li>
          <code>paid</code>, avec <code>bank_reference</code> : le virement est parti ; le total réservé quitte définitivement votre solde.
        </li>
        <li>
          <code>rejected</code>, avec <code>rejection_reason</code> : tout le total (frais compris) revient dans votre solde disponible.
        </li>
      </ul>
      <p>
        <code>GET /api/v1/merchant/settlements</code> les liste (du plus récent au plus ancien ; <code>limit</code>, et <code>starting_after</code> égal au{" "}
        <code>next_starting_after</code> de la page précédente), <code>GET …/settlements/&#123;id&#125;</code> en lit
        un. Dans les <a href="/docs/statements">relevés</a>, un reversement est un mouvement <code>settlement</code> (montant et frais, débités à la
        demande) et un refus un <code>settlement_reversal</code> ; solde d&apos;ouverture + mouvements = solde de clôture, comme toujours.
      </p>
      <h2 id="webhooks">Webhooks</h2>
      <p>
        Chaque changement de statut (demandé, versé, refusé) envoie un webhook à l&apos;URL de webhook de votre tableau de bord, signé comme tout
        événement, au format d&apos;une notification de transaction avec <code>type: &quot;settlement&quot;</code> :
      </p>
      <CodeBlock
        title="Corps"
        code={settlementsSnippets.webhookBody}
      />
      <p>
        <code>status</code> est celui du reversement : <code>pending</code>, <code>paid</code> ou <code>rejected</code>.
      </p>
      <h2 id="schedule">Reversements automatiques</h2>
      <p>
        Dans le tableau de bord, par devise : chaque jour, ou chaque semaine le jour choisi, à 06:00 UTC, quand le solde disponible atteint au moins
        le seuil, le traitement en arrière-plan demande un reversement de tout le disponible (montant + frais au plus égaux au solde) vers le compte vérifié choisi. Une
        exécution qui ne peut pas reverser (le compte n&apos;est plus vérifié) est sautée et journalisée ; la suivante est planifiée quand même.
      </p>
    </>
  );
}
