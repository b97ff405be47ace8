import Link from "next/link";
import { DEMO } from "@/server/seed/demo";
import { DEFAULT_RATE_BPS } from "@/server/fees/schedule";
import { CodeBlock, Callout } from "../../_components/code-block";
import { quickStartSnippets, type QuickStartFacts } from "./snippets";

/** Démarrage rapide, en français (commandes et réponses partagées avec la page anglaise). */
export function QuickStartFr({ facts, payout, delaySeconds }: { facts: QuickStartFacts; payout: { charged: number }; delaySeconds: number }) {
  const { ci } = facts;
  return (
    <>
      <h1>Démarrage rapide : votre premier encaissement de test</h1>
      <p>
        Cinq minutes, un terminal et <code>curl</code>. Tout se passe en <strong>mode test</strong> : réseaux sandbox, pas d&apos;argent réel, issue
        choisie par le numéro de téléphone.
      </p>

      <h2 id="key">1. Obtenir une clé API de test</h2>
      <p>
        À son premier démarrage, Sika crée un marchand de démonstration et affiche ses identifiants <strong>une seule fois</strong> dans la console du
        serveur (les clés API sont stockées hachées et jamais réaffichées) :
      </p>
      <CodeBlock title="console du serveur" code={quickStartSnippets.console(facts)} />
      <p>
        Perdue ? Connectez-vous au <Link href="/dashboard" prefetch={false}>tableau de bord</Link> avec <code>{DEMO.email}</code> et créez une clé dans{" "}
        <strong>Développeurs</strong>, ou lancez <code>npm run admin -- create-key --merchant mer_… --mode test</code> (même pendant que le serveur
        tourne). Gardez-la ensuite dans votre shell :
      </p>
      <CodeBlock title="shell" code={quickStartSnippets.env(facts)} />

      <h2 id="networks">2. Voir ce que vous pouvez utiliser</h2>
      <p>La couverture de la Côte d&apos;Ivoire : devises, plafonds, réseaux et l&apos;étape d&apos;autorisation du client pour chacun.</p>
      <CodeBlock title="curl" code={quickStartSnippets.networks} />

      <h2 id="payin">3. Créer un encaissement</h2>
      <p>
        Encaissez 1 000 XOF auprès d&apos;un client MTN. <code>{ci.successful}</code> est un numéro ivoirien valide dont les 4 derniers chiffres disent à
        la sandbox de réussir. L&apos;en-tête <code>Idempotency-Key</code> permet de rejouer la requête sans risque.
      </p>
      <CodeBlock title="curl" code={quickStartSnippets.payin(facts)} />
      <p>La réponse : la transaction, <code>pending</code> pendant que le client valide sur son téléphone.</p>
      <CodeBlock title="200 OK" code={quickStartSnippets.payinAnswer(facts)} />
      <p>
        <code>fee</code> est le taux d&apos;encaissement par défaut ({DEFAULT_RATE_BPS.payin / 100} %) — les taux de votre compte peuvent différer ;
        obtenez un devis pour tout montant avec <code>GET /api/v1/merchant/fees</code>. <code>auth_mode</code> à null signifie qu&apos;il n&apos;y a rien à
        faire qu&apos;attendre. D&apos;autres réseaux demandent un code USSD, un code PIN ou une redirection : voir les{" "}
        <Link href="/docs/payin-flows">parcours d&apos;autorisation</Link>.
      </p>

      <h2 id="status">4. Lire le statut final</h2>
      <p>La sandbox règle l&apos;encaissement environ {delaySeconds} s après sa création. Lisez la transaction avec l&apos;identifiant reçu :</p>
      <CodeBlock title="curl" code={quickStartSnippets.status} />
      <p>
        <code>&quot;status&quot;: &quot;successful&quot;</code> — l&apos;encaissement est payé, et son <code>amount</code> est sur votre solde de test (
        <code>GET /api/v1/merchant/balances</code>). Essayez maintenant <code>{ci.bySuffix["0001"]}</code> (échoue) ou <code>{ci.bySuffix["0002"]}</code>{" "}
        (annulé) : les numéros de chaque pays sont dans <Link href="/docs/test-mode">mode test et numéros sandbox</Link>, et{" "}
        <Link href="/docs/testing">Tester avec Sika</Link> montre comment décider d&apos;une issue tout de suite.
      </p>

      <h2 id="webhook">5. Être prévenu au lieu d&apos;interroger</h2>
      <p>
        Ajoutez <code>&quot;callback_url&quot;: &quot;https://votre.serveur/webhooks/sika&quot;</code> à l&apos;encaissement (ou une URL par défaut dans le
        tableau de bord). Sika y envoie la transaction (POST) à chaque changement de statut, signée avec votre secret <code>whsec_…</code>. En mode
        test, l&apos;URL peut être locale (<code>http://localhost:4000/…</code>). Le code de vérification pour Node, PHP et Python est dans le{" "}
        <Link href="/docs/webhooks">guide des webhooks</Link>.
      </p>
      <Callout>
        <p>
          Prenez le webhook comme un signal : avant de livrer, confirmez avec l&apos;étape 4. Dédoublonnez sur l&apos;en-tête <code>Webhook-Id</code> — un
          même événement peut arriver deux fois.
        </p>
      </Callout>

      <h2 id="payout">6. Payer quelqu&apos;un</h2>
      <p>
        Les décaissements prélèvent <code>amount + fee</code> sur votre solde (le marchand de démonstration démarre avec un solde de test en XOF et en
        KES). Le numéro de téléphone marche de la même façon :
      </p>
      <CodeBlock title="curl" code={quickStartSnippets.payout(facts)} />
      <p>
        Au taux de décaissement par défaut ({DEFAULT_RATE_BPS.payout / 100} %), cela réserve {payout.charged.toLocaleString("fr-FR")} XOF ; un
        décaissement échoué rend tout.
      </p>

      <h2 id="live">Passer en production</h2>
      <ol>
        <li>Faites approuver la vérification (KYC) de votre entreprise dans le tableau de bord (les décaissements réels l&apos;exigent).</li>
        <li>
          Créez une clé <code>sk_live_…</code> et une URL de webhook de production (https, publique). Les données de production sont séparées de
          celles de test.
        </li>
        <li>Approvisionnez votre portefeuille de production pour les décaissements.</li>
        <li>Gardez le même code : seule la clé change.</li>
      </ol>
    </>
  );
}
