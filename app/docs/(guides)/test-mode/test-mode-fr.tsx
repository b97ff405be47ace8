import Link from "next/link";
import { env } from "@/server/env";
import { FAILING_OTP } from "@/server/catalog/sandbox-numbers";
import { NumbersTable, OutcomeTable } from "../../_components/sandbox-tables";
import { Callout } from "../../_components/code-block";

const minutes = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);
const statusFr: Record<string, string> = { successful: "réussi", failed: "échoué", cancelled: "annulé", pending: "en attente" };

function Outcome({ status, reason }: { status: string; reason: string | null }) {
  const color =
    status === "successful" ? "bg-emerald-100 text-emerald-800" : status === "pending" ? "bg-slate-100 text-slate-700" : "bg-rose-100 text-rose-800";
  return (
    <span>
      <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${color}`}>{statusFr[status] ?? status}</span>
      {reason ? (
        <span className="block text-xs text-slate-500">
          <span lang="en">{reason}</span>
        </span>
      ) : null}
    </span>
  );
}

/** Mode test et numéros sandbox, en français. */
export function TestModeFr() {
  const e = env();
  return (
    <>
      <h1>Mode test et numéros sandbox</h1>
      <p>
        Une clé <code>sk_test_…</code> fait tout passer par des <strong>réseaux sandbox</strong> : mêmes validations, frais, plafonds, grand livre et
        webhooks qu&apos;en production, mais aucun argent ne bouge et c&apos;est vous qui choisissez l&apos;issue, avec les{" "}
        <strong>4 derniers chiffres du numéro de téléphone</strong>. Pour décider d&apos;une issue à la demande ou remettre les données à zéro, voir{" "}
        <Link href="/docs/testing">Tester avec Sika</Link>.
      </p>

      <h2 id="outcomes">Ce que font les 4 derniers chiffres</h2>
      <OutcomeTable
        lang="fr"
        cell={(r, side) => (
          <>
            <Outcome {...r[side]} />
            {r[side].status === "pending" ? (
              <span className="block text-xs text-slate-500">
                {side === "payin" ? `jusqu’à expiration : annulé après ${minutes(e.PAYIN_EXPIRY_SECONDS)}` : `jusqu’au délai : échoué et remboursé après ${minutes(e.PAYOUT_TIMEOUT_SECONDS)}`}
              </span>
            ) : null}
          </>
        )}
      />
      <ul>
        <li>
          L&apos;issue arrive environ <strong>{e.SANDBOX_DELAY_MS / 1000} s</strong> après la part du client (la création, ou la finalisation pour les
          réseaux à code PIN), puis le webhook part. <code>metadata.sandbox_delay_ms</code> choisit ce délai pour un encaissement.
        </li>
        <li>
          Réseaux à code PIN (Gambie qmoney, aps) : l&apos;encaissement attend <code>POST …/finalize</code> ; un <code>otp</code> valant{" "}
          <code>{FAILING_OTP}</code> le fait échouer. La même valeur dans <code>metadata.om_otp</code> fait échouer un encaissement Orange par USSD.
        </li>
        <li>
          Page de paiement (wave) : la page de test a les boutons <strong>Approve</strong> (le numéro décide, comme ci-dessus) et <strong>Decline</strong>{" "}
          (annulé).
        </li>
        <li>Frais, arrondis, plafonds et erreurs de validation sont exactement ceux de la production : testez votre gestion d&apos;erreurs ici.</li>
      </ul>

      <h2 id="numbers">Numéros par pays</h2>
      <p>
        Chaque numéro ci-dessous est un numéro mobile valide de son pays (l&apos;API le vérifie) : copiez-les tels quels. Les formes nationale et
        internationale marchent aussi (<code>0…</code>, <code>+…</code>, ou chiffres seuls).
      </p>
      <NumbersTable lang="fr" />

      <h2 id="live">La production ne fait jamais semblant</h2>
      <Callout tone="warn">
        <p>
          Avec une clé <code>sk_live_…</code>, le numéro n&apos;a rien de spécial. Un réseau sans connecteur de production configuré répond{" "}
          <code>503 Network unavailable</code> et ne déplace aucun argent (<code>GET /api/v1/networks</code> indique <code>available</code> par réseau).
        </p>
      </Callout>
      <p>
        Test et production sont deux mondes séparés : soldes, transactions, URL et secrets webhook. Une clé de test ne voit jamais une transaction de
        production (elle reçoit <code>404</code>). Prêt ? Voir <Link href="/docs/quickstart#live">passer en production</Link>.
      </p>
    </>
  );
}
