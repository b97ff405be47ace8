import { coverage, type AuthorizationKind } from "@/server/catalog/coverage";
import { Callout } from "../../_components/code-block";
import { NetworksTable, OverridesTable, PerCurrencyTable, feeCells, feeFacts, money, rate, wholeUnitCurrencies, type Rule } from "./shared";

const authLabel: Record<AuthorizationKind, string> = {
  none: "—",
  ussd: "code USSD",
  pin: "PIN → finalize",
  redirect: "page de paiement hébergée",
  approve_on_phone: "validation sur le téléphone",
};

const directionFr: Record<Rule["direction"], string> = { payin: "Encaissement", payout: "Décaissement", settlement: "Reversement" };

/** Couverture, plafonds et frais, en français : mêmes catalogue et barème que la page anglaise. */
export function CoverageFr({ rules }: { rules: Rule[] }) {
  const { find, overrides, ci, exampleAmount, exampleFee } = feeFacts(rules);
  const fr = (m: bigint, currency: string) => money(m, currency, "fr");

  return (
    <>
      <h1>Couverture, plafonds et frais</h1>
      <p>
        {coverage.length} pays. Chaque donnée de cette page est lue dans le catalogue et le barème de frais qu&apos;utilise l&apos;API ;{" "}
        <code>GET /api/v1/networks</code> renvoie le catalogue en JSON, et <code>GET /api/v1/merchant/fees</code> donne les frais exacts.
      </p>

      <h2 id="networks">Pays et réseaux</h2>
      <p>
        Les mêmes réseaux servent aux encaissements et aux décaissements. Indiquez l&apos;identifiant du réseau dans <code>metadata.network</code> ; les
        alias sont acceptés aussi.
      </p>
      <NetworksTable networksHeading="Réseaux (autorisation des encaissements)" authLabel={authLabel} lang="fr" />

      <h2 id="limits">Plafonds et arrondis</h2>
      <p>
        Des plafonds par transaction, les mêmes pour les encaissements et les décaissements, appliqués au montant traité. Hors de ces plafonds,
        l&apos;API répond <code>400</code> avec les plafonds dans <code>data</code>. Là où la colonne Arrondi l&apos;indique, les montants sont d&apos;abord arrondis au multiple de 5 le plus
        proche (à égale distance, vers le haut), et la réponse montre le montant réellement traité.
      </p>
      <PerCurrencyTable
        lang="fr"
        headings={
          <>
            <th className="text-right">Minimum</th>
            <th className="text-right">Maximum</th>
            <th>Arrondi</th>
          </>
        }
        cells={(c, x) => (
          <>
            <td className="whitespace-nowrap text-right tabular-nums">{fr(x.min, x.currency)}</td>
            <td className="whitespace-nowrap text-right tabular-nums">{fr(x.max, x.currency)}</td>
            <td>{c.roundsToFive ? "multiple de 5" : "—"}</td>
          </>
        )}
      />

      <h2 id="fees">Frais</h2>
      <p>
        Un pourcentage du montant traité plus une part fixe, arrondis <strong>au-dessus</strong> à la plus petite unité de la devise (l&apos;unité entière
        pour {wholeUnitCurrencies.join(", ")}). Les frais s&apos;ajoutent au montant : <code>charged_amount = amount + fee</code>. Un encaissement réussi vous
        crédite de <code>amount</code> ; un décaissement débite <code>charged_amount</code> de votre solde.
      </p>
      <PerCurrencyTable
        lang="fr"
        headings={
          <>
            <th>Encaissement</th>
            <th>Décaissement</th>
          </>
        }
        cells={feeCells(find, "fr")}
      />
      {overrides.length ? (
        <>
          <p>Les taux propres à un réseau, qui remplacent le taux du pays ci-dessus :</p>
          <OverridesTable
            overrides={overrides}
            headings={["Sens", "Pays", "Réseau", "Taux"]}
            direction={(d) => directionFr[d]}
            lang="fr"
          />
        </>
      ) : null}
      <Callout>
        <p>
          Exemple : un encaissement de {fr(exampleAmount, "XOF")} en Côte d&apos;Ivoire{ci ? ` au taux de ${rate(ci.rateBps, ci.fixedAmount, "XOF", "fr")}` : ""}{" "}
          coûte {fr(exampleFee, "XOF")} de frais : le client paie {fr(exampleAmount + exampleFee, "XOF")} et vous recevez {fr(exampleAmount, "XOF")}. Pour
          tout montant, demandez <code>GET /api/v1/merchant/fees?type=payin&amp;country_code=CI&amp;amount=1000</code>.
        </p>
      </Callout>
    </>
  );
}
