import { coverage, type AuthorizationKind } from "@/server/catalog/coverage";
import { ANY_NETWORK } from "@/server/fees/schedule";
import { computeFee } from "@/server/money";
import { Callout, Table } from "../../_components/code-block";
import { PerCurrencyTable, countryName, money, rate, wholeUnitCurrencies, type Rule } from "./shared";

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
  const find = (direction: Rule["direction"], country: string, currency: string, network = ANY_NETWORK) =>
    rules.find((r) => r.direction === direction && r.countryCode === country && r.currency === currency && r.network === network);
  const overrides = rules.filter((r) => r.network !== ANY_NETWORK);
  const ci = find("payin", "CI", "XOF");
  const exampleAmount = 100_000n; // 1 000 XOF en centièmes
  const exampleFee = ci ? computeFee(exampleAmount, ci.rateBps, ci.fixedAmount, "XOF") : 0n;
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
      <Table>
        <thead>
          <tr>
            <th>Pays</th>
            <th>Devise</th>
            <th>Réseaux (autorisation des encaissements)</th>
          </tr>
        </thead>
        <tbody>
          {coverage.map((c) => (
            <tr key={c.code}>
              <td className="whitespace-nowrap">
                <span className="font-medium text-slate-900">{c.code}</span> <span className="text-slate-500">{countryName(c, "fr")}</span>
              </td>
              <td>{c.currencies.map((x) => x.currency).join(", ")}</td>
              <td className="min-w-64">
                <ul className="!my-0 !list-none !pl-0">
                  {c.networks.map((n) => (
                    <li key={n.id} className="!my-0.5">
                      <code>{n.id}</code> <span className="text-slate-500">{n.name}</span>
                      {n.aliases.length ? <span className="text-xs text-slate-500"> (aussi {n.aliases.map((a) => `"${a}"`).join(", ")})</span> : null}
                      {n.authorization !== "none" ? (
                        <span className="ml-1 rounded bg-sky-50 px-1.5 py-0.5 text-xs text-sky-800 ring-1 ring-sky-200">
                          {authLabel[n.authorization]}
                          {n.ussdCode ? ` ${n.ussdCode}` : ""}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>

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
        cells={(c, x) =>
          (["payin", "payout"] as const).map((direction) => {
            const rule = find(direction, c.code, x.currency);
            return (
              <td key={direction} className="whitespace-nowrap">
                {rule ? rate(rule.rateBps, rule.fixedAmount, x.currency, "fr") : "—"}
              </td>
            );
          })
        }
      />
      {overrides.length ? (
        <>
          <p>Les taux propres à un réseau, qui remplacent le taux du pays ci-dessus :</p>
          <Table>
            <thead>
              <tr>
                <th>Sens</th>
                <th>Pays</th>
                <th>Réseau</th>
                <th>Taux</th>
              </tr>
            </thead>
            <tbody>
              {overrides.map((r) => (
                <tr key={`${r.direction}-${r.countryCode}-${r.network}-${r.currency}`}>
                  <td>{directionFr[r.direction]}</td>
                  <td>
                    {r.countryCode} {r.currency}
                  </td>
                  <td>
                    <code>{r.network}</code>
                  </td>
                  <td>{rate(r.rateBps, r.fixedAmount, r.currency, "fr")}</td>
                </tr>
              ))}
            </tbody>
          </Table>
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
