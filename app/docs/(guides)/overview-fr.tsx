import Link from "next/link";
import { coverage } from "@/server/catalog/coverage";
import { guidesFor } from "../_components/nav-items";
import { Table } from "../_components/code-block";

/** The docs' overview, in French. */
export function OverviewFr() {
  return (
    <>
      <p className="text-sm font-medium text-emerald-700">API Sika · v1</p>
      <h1>Le mobile money, une seule API</h1>
      <p>
        Encaissez l&apos;argent des portefeuilles mobile money de vos clients (<strong>encaissement</strong>, payin), envoyez de l&apos;argent depuis votre
        solde vers n&apos;importe quel portefeuille (<strong>décaissement</strong>, payout), et recevez un <strong>webhook</strong> signé à chaque
        changement de statut — dans {coverage.length} pays : {coverage.map((c) => c.code).join(", ")}.
      </p>

      <div className="not-prose my-6 grid gap-3 sm:grid-cols-2">
        {guidesFor("fr")
          .slice(1)
          .map((g) => (
            <Link key={g.href} href={g.href} className="rounded-lg border border-slate-200 p-4 no-underline hover:border-emerald-300 hover:bg-emerald-50/40">
              <span className="block font-semibold text-slate-900">{g.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{g.blurb}</span>
            </Link>
          ))}
        <Link href="/docs/reference" className="rounded-lg border border-slate-200 p-4 no-underline hover:border-emerald-300 hover:bg-emerald-50/40">
          <span className="block font-semibold text-slate-900">Référence de l&apos;API</span>
          <span className="mt-1 block text-sm text-slate-600">Chaque point d&apos;accès, champ et erreur, interactif (en anglais). Générée depuis le code.</span>
        </Link>
      </div>

      <h2 id="basics">L&apos;essentiel</h2>
      <Table>
        <tbody>
          <tr>
            <th>URL de base</th>
            <td>
              Votre serveur Sika ; chaque point d&apos;accès est sous <code>/api/v1/</code>.
            </td>
          </tr>
          <tr>
            <th>Authentification</th>
            <td>
              <code>Authorization: Bearer sk_test_…</code> (mode test) ou <code>sk_live_…</code> (production). Les clés se créent dans le tableau de bord
              (Développeurs) et ne s&apos;affichent qu&apos;une fois. Une clé absente ou fausse répond <code>401 Unauthenticated</code>, avec dans{" "}
              <code>detail</code> la façon de l&apos;envoyer.
            </td>
          </tr>
          <tr>
            <th>Test et production</th>
            <td>
              La clé décide du mode. Les clés de test passent par les réseaux sandbox (aucun argent ne bouge ; le numéro choisit l&apos;issue). Soldes,
              transactions et réglages webhook des deux modes ne se mélangent jamais.
            </td>
          </tr>
          <tr>
            <th>Réponses</th>
            <td>
              Du JSON dans une enveloppe : <code>{`{"status": "success" | "error", "message": "…", "data": …}`}</code>. Seuls <code>/countries</code>{" "}
              (un paginateur Laravel) et <code>/openapi.json</code> sont nus.
            </td>
          </tr>
          <tr>
            <th>Montants</th>
            <td>
              Des nombres JSON avec au plus 2 décimales, dans l&apos;unité de la devise (<code>1000</code> XOF, <code>25.5</code> KES). Les frais
              s&apos;ajoutent : <code>charged_amount = amount + fee</code>.
            </td>
          </tr>
          <tr>
            <th>Nouvelles tentatives</th>
            <td>
              Envoyez un en-tête <code>Idempotency-Key</code> avec les encaissements et décaissements ; une requête rejouée avec la même clé et le même
              corps renvoie la première réponse au lieu de payer deux fois.
            </td>
          </tr>
          <tr>
            <th>État final</th>
            <td>
              Les webhooks signalent un changement ; avant de livrer ou de clore un décaissement, lisez la transaction avec{" "}
              <code>GET /api/v1/merchant/transactions/{"{id}"}</code>.
            </td>
          </tr>
        </tbody>
      </Table>

      <h2 id="machine-readable">Un contrat lisible par machine</h2>
      <p>
        Le document OpenAPI 3.1 à <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> est généré depuis les schémas mêmes qui valident les
        requêtes, et la suite de tests de Sika vérifie chaque réponse contre lui. Importez-le dans Postman ou Insomnia, ou générez un client — voir{" "}
        <Link href="/docs/typescript">Client TypeScript</Link>.
      </p>
    </>
  );
}
