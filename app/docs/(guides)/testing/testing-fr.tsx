import Link from "next/link";
import { FINAL_TRANSACTION_STATUSES } from "@/server/vocabulary";
import { Callout, CodeBlock } from "../../_components/code-block";
import { OutcomeTable } from "../../_components/sandbox-tables";
import { TestIdTable, TimingTable } from "./tables";
import { snippets } from "./snippets";

const statusFr: Record<string, string> = { successful: "réussi", failed: "échoué", cancelled: "annulé", pending: "en attente" };

/** Tester avec Sika, en français. */
export function TestingFr({ base }: { base: string }) {
  return (
    <>
      <h1>Tester avec Sika</h1>
      <p>
        Pour les équipes QA qui écrivent leurs propres suites Playwright (ou Cypress, Selenium…) contre Sika : comment rendre chaque exécution{" "}
        <strong>déterministe</strong> (vous décidez de chaque issue et de son moment), <strong>propre</strong> (remise à zéro des données de test entre
        deux exécutions) et <strong>stable</strong> (des sélecteurs que nous nous engageons à garder). Tout fonctionne avec une clé de test uniquement ;
        le mode production n&apos;est jamais touché.
      </p>
      <CodeBlock title="shell" code={snippets.env(base)} />

      <h2 id="outcomes">Les issues : numéros sandbox</h2>
      <p>
        En mode test, les 4 derniers chiffres du numéro de téléphone choisissent l&apos;issue. Les tableaux complets par pays sont dans{" "}
        <Link href="/docs/test-mode">Mode test et numéros sandbox</Link>.
      </p>
      <OutcomeTable
        lang="fr"
        cell={(r, side) => (
          <>
            <code>{r[side].status}</code> ({statusFr[r[side].status]})
          </>
        )}
      />

      <h2 id="settle">Décider d&apos;une issue tout de suite</h2>
      <p>
        <code>POST /api/v1/test/transactions/{"{id}"}/outcome</code> avec <code>{`{"status": ${FINAL_TRANSACTION_STATUSES.map((s) => `"${s}"`).join(" | ")}, "reason"?}`}</code>{" "}
        donne immédiatement son issue à un encaissement, un décaissement ou un remboursement de test <strong>en attente</strong>, quel que soit son
        numéro. Le chemin est celui de l&apos;issue sandbox : le grand livre et les soldes bougent, l&apos;historique reçoit sa ligne, le webhook de statut
        part et le tableau de bord l&apos;affiche. La réponse est la transaction telle que <code>GET /api/v1/merchant/transactions/{"{id}"}</code> la
        renvoie. Un numéro terminé par <code>0003</code> garde une transaction en attente jusqu&apos;à votre décision.
      </p>
      <CodeBlock title="curl" code={snippets.outcome} />
      <CodeBlock title="200" code={snippets.outcomeAnswer} />
      <ul>
        <li>
          <code>reason</code> (255 caractères au plus) est enregistré pour <code>failed</code> et <code>cancelled</code>, et apparaît comme{" "}
          <code>decline_reason</code> dans l&apos;API et le webhook ; sans lui, le motif de la sandbox est utilisé.
        </li>
        <li>
          Une transaction qui a déjà son issue répond <code>409 Transaction is not pending</code> (avec son <code>status</code>) ; un identifiant inconnu{" "}
          <code>404</code>. Une <strong>clé de production</strong> reçoit <code>404</code> : ces points d&apos;accès n&apos;existent pas pour elle.
        </li>
      </ul>

      <h2 id="timing">Le temps</h2>
      <p>
        Un encaissement peut porter <code>metadata.sandbox_delay_ms</code> (un entier de 0 à 600000) pour choisir quand son issue sandbox arrive :{" "}
        <code>0</code> pour tout de suite (au prochain passage du worker), <code>600000</code> pour le garder en attente dix minutes pendant que votre test
        l&apos;observe. Les réglages ci-dessous sont des variables d&apos;environnement du Sika que vous lancez (valeurs de ce serveur).
      </p>
      <CodeBlock title="curl" code={snippets.delayed} />
      <TimingTable lang="fr" />

      <h2 id="reset">Repartir de zéro : réinitialiser les données de test</h2>
      <p>
        <code>POST /api/v1/test/reset</code> (clé de test) supprime les transactions du mode test de l&apos;entreprise et leurs historiques, les
        événements webhook et leurs tentatives, les mouvements de relevé, les soldes de test (et leurs recharges), les lots groupés et les clés
        d&apos;idempotence, en une seule transaction de base de données, et note qui l&apos;a fait dans le journal d&apos;audit. Les données réelles, les
        réglages, les clés API, l&apos;équipe, les URL et secrets webhook sont conservés. Les propriétaires ont le même bouton dans le tableau de bord :{" "}
        <strong>Paramètres → Données de test → Réinitialiser les données de test</strong> (avec confirmation).
      </p>
      <CodeBlock title="curl" code={snippets.reset} />
      <CodeBlock title="200" code={snippets.resetAnswer} />

      <h2 id="selectors">Les sélecteurs que nous gardons stables</h2>
      <p>
        Préférez les <strong>rôles et noms accessibles</strong> : chaque bouton, lien, titre, fenêtre et champ en a un, en anglais et en français (
        <code>getByRole(&quot;button&quot;, {"{ name: \"Créer un compte\" }"})</code>, <code>getByLabel(&quot;E-mail&quot;)</code>). Les champs ont une
        étiquette ; les fenêtres sont des <code>role=&quot;dialog&quot;</code> nommées par leur titre ; les notifications sont annoncées dans une zone{" "}
        <code>role=&quot;status&quot;</code>.
      </p>
      <p>
        Chaque ligne et carte de transaction (listes, vue d&apos;ensemble, remboursements, relevés) porte <code>data-transaction-id</code>, et les lignes de
        transaction <code>data-status</code> (<code>pending</code>, <code>successful</code>, <code>failed</code>, <code>cancelled</code>). Les listes sont
        des tableaux à partir de 640 px de large (relevés : 1024 px) et des cartes en dessous : utilisez <code>:visible</code> pour qu&apos;un même
        localisateur marche aux deux tailles.
      </p>
      <CodeBlock title="Playwright" code={snippets.playwright} />
      <p>Ces identifiants de test sont conservés ; en renommer un est annoncé comme un changement incompatible :</p>
      <TestIdTable lang="fr" />
      <Callout>
        <p>
          Le tableau de bord rafraîchit seul ses listes de transactions environ 2 secondes après un changement (nouvelle transaction, changement de
          statut) : attendez l&apos;attribut, jamais une durée fixe.
        </p>
      </Callout>

      <h2 id="locale">La langue</h2>
      <p>
        Le tableau de bord et ces guides parlent anglais et français. Le cookie <code>sika_locale</code> (<code>en</code> ou <code>fr</code>) choisit ; sans
        lui, c&apos;est l&apos;en-tête <code>Accept-Language</code> du navigateur. <code>&lt;html lang&gt;</code> correspond toujours à la langue affichée.
      </p>
      <CodeBlock title="Playwright" code={snippets.locale} />

      <h2 id="production">Lancer le build de production en local</h2>
      <p>
        Testez ce que les marchands utilisent : le build de production, sur PostgreSQL. Les délais courts ci-dessous gardent une suite rapide ; la
        production refuse de démarrer sans ses secrets et ne crée aucun compte de démonstration : le premier opérateur vient de la CLI
        d&apos;administration.
      </p>
      <CodeBlock title="shell" code={snippets.production} />

      <h2 id="example">Une suite d&apos;exemple</h2>
      <p>
        <code>examples/playwright-qa/</code> dans le dépôt est un petit projet Playwright écrit uniquement avec ce que cette page promet : il inscrit une
        entreprise, crée une clé de test, règle des encaissements avec le point d&apos;accès d&apos;issue, voit la liste changer sans rechargement, remet
        les données de test à zéro et vérifie le tableau de bord en français. La CI de Sika l&apos;exécute contre le build de production à chaque
        changement.
      </p>
      <CodeBlock title="shell" code={snippets.example} />
    </>
  );
}
