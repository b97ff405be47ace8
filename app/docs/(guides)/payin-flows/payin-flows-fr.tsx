import Link from "next/link";
import { coverage } from "@/server/catalog/coverage";
import { CodeBlock, Callout, Table } from "../../_components/code-block";
import { PayinFlowDiagram } from "../../_components/payin-flow-diagram";
import { sampleAnswer, specialNetworks } from "./sample-answer";

const countryFr = (code: string, fallback: string) => new Intl.DisplayNames(["fr"], { type: "region" }).of(code) ?? fallback;

/** Parcours d'autorisation des encaissements, en français (les instructions renvoyées par l'API restent en anglais). */
export function PayinFlowsFr({ origin, expiryMinutes }: { origin: string; expiryMinutes: number }) {
  const special = specialNetworks();
  return (
    <>
      <h1>Parcours d&apos;autorisation des encaissements</h1>
      <p>
        Un encaissement est créé <code>pending</code> : le client doit encore le valider. La façon de le faire dépend du réseau, et la réponse à la
        création vous dit quoi faire ensuite, par trois champs :
      </p>
      <Table>
        <thead>
          <tr>
            <th>Dans la réponse</th>
            <th>Ce que vous faites</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>auth_mode: null</code>, <code>redirect_url: null</code>
            </td>
            <td>Rien. Le réseau sollicite le client sur son téléphone. Attendez le webhook.</td>
          </tr>
          <tr>
            <td>
              <code>auth_mode: &quot;confirm&quot;</code>
            </td>
            <td>
              Affichez <code>instructions</code> (HTML) au client — un code USSD à composer, ou une demande à valider sur le téléphone. Attendez ensuite le
              webhook ; la confirmation est automatique.
            </td>
          </tr>
          <tr>
            <td>
              <code>auth_mode: &quot;pin&quot;</code>
            </td>
            <td>
              Recueillez le code PIN / code à usage unique du client et envoyez-le à <code>POST /api/v1/merchant/transactions/{"{id}"}/finalize</code>.
            </td>
          </tr>
          <tr>
            <td>
              <code>redirect_url</code> renseigné
            </td>
            <td>
              Envoyez le client vers cette URL (une page de paiement hébergée). Il revient à la <code>return_url</code> que vous avez donnée.
            </td>
          </tr>
        </tbody>
      </Table>

      <PayinFlowDiagram lang="fr" />

      <h2 id="networks">Quel réseau fait quoi</h2>
      <p>
        Aucun réseau absent de cette liste n&apos;a d&apos;étape supplémentaire (<code>auth_mode: null</code>). Le texte encadré est le HTML{" "}
        <code>instructions</code> renvoyé par l&apos;API (en anglais), affiché, pour un montant d&apos;exemple.
      </p>
      <div className="my-4 grid gap-3">
        {special.map(({ country, network }) => {
          const answer = sampleAnswer(country.code, network.id, origin);
          return (
            <section key={`${country.code}-${network.id}`} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">{network.name}</span>
                <span className="text-xs text-slate-500">
                  {countryFr(country.code, country.name)} · <code>{network.id}</code>
                </span>
                <span className="ml-auto text-xs">
                  <code>auth_mode: {answer.authMode ? `"${answer.authMode}"` : "null"}</code>
                  {answer.redirectUrl ? <code className="ml-1">redirect_url</code> : null}
                </span>
              </div>
              {answer.instructions ? (
                <div
                  lang="en"
                  className="mt-2 rounded border-l-4 border-sky-300 bg-sky-50/60 px-3 py-1 text-[0.8125rem] [&_p]:my-1"
                  dangerouslySetInnerHTML={{ __html: answer.instructions }}
                />
              ) : answer.redirectUrl ? (
                <div className="mt-2 text-xs text-slate-600">
                  redirect_url: <code>{answer.redirectUrl}</code>
                </div>
              ) : null}
            </section>
          );
        })}
      </div>

      <h2 id="ussd">USSD (Orange : BF, CI, GN, ML, SN)</h2>
      <p>
        Le client obtient un code d&apos;autorisation en composant un code USSD ; l&apos;opérateur le valide et le résultat arrive par webhook. Vous
        n&apos;avez rien à recueillir.
      </p>
      <ul>
        <li>
          <strong>Sénégal :</strong> montrez le code USSD (
          <code>{coverage.find((c) => c.code === "SN")!.networks.find((n) => n.id === "orange")!.ussdCode}</code>) au client <em>avant</em> d&apos;envoyer
          l&apos;encaissement, pour qu&apos;il compose pendant que vous le créez.
        </li>
        <li>
          <strong>Burkina Faso :</strong> le code contient le montant ; les <code>instructions</code> le remplissent pour vous.
        </li>
        <li>
          Si votre parcours de paiement a déjà recueilli le code généré par le client, passez-le dans <code>metadata.om_otp</code> : l&apos;encaissement est
          traité aussitôt et les trois champs reviennent à null.
        </li>
      </ul>

      <h2 id="pin">Code PIN (Gambie qmoney, aps)</h2>
      <p>
        Demandez le code dans votre propre interface, puis finalisez dans les {expiryMinutes} minutes. La réponse est l&apos;encaissement, toujours{" "}
        <code>pending</code> ; l&apos;issue arrive par webhook. Finaliser autre chose — un décaissement, un autre mode d&apos;autorisation, un encaissement
        déjà finalisé, expiré ou définitif — répond <code>409 Transaction cannot be finalized</code>.
      </p>
      <CodeBlock
        title="curl"
        code={`curl -s -X POST "$SIKA_URL/api/v1/merchant/transactions/pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D/finalize" \\
  -H "Authorization: Bearer $SIKA_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "otp": "4821" }'`}
      />

      <h2 id="redirect">Page de paiement hébergée (wave en GM, SN, CI)</h2>
      <p>
        Redirigez le navigateur du client vers <code>redirect_url</code>. Passez <code>return_url</code> à la création de l&apos;encaissement pour choisir où
        il revient ; le retour n&apos;est pas une preuve de paiement, le webhook et l&apos;endpoint de statut le sont.
      </p>

      <h2 id="approve">Validation sur le téléphone (Gambie afrimoney)</h2>
      <p>
        Le client reçoit une demande de paiement sur son téléphone et la valide avec son code PIN. Affichez les <code>instructions</code> pour qu&apos;il
        sache regarder son téléphone.
      </p>

      <Callout>
        <p>
          Quel que soit le parcours, un encaissement non autorisé dans les {expiryMinutes} minutes devient <code>cancelled</code>. Confirmez toujours
          l&apos;état final avec <code>GET /api/v1/merchant/transactions/{"{id}"}</code> avant de livrer. En mode test, chaque parcours est simulé — voir le{" "}
          <Link href="/docs/test-mode">mode test</Link>.
        </p>
      </Callout>
    </>
  );
}
