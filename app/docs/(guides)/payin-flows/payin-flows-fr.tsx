import Link from "next/link";
import { CodeBlock, Callout } from "../../_components/code-block";
import { PayinFlowDiagram } from "../../_components/payin-flow-diagram";
import { AuthModeTable, finalizeCurl, NetworkCards, senegalOrangeUssd } from "./shared";

const countryFr = (code: string, fallback: string) => new Intl.DisplayNames(["fr"], { type: "region" }).of(code) ?? fallback;

/** Parcours d'autorisation des encaissements, en français (les instructions renvoyées par l'API restent en anglais). */
export function PayinFlowsFr({ origin, expiryMinutes }: { origin: string; expiryMinutes: number }) {
  return (
    <>
      <h1>Parcours d&apos;autorisation des encaissements</h1>
      <p>
        Un encaissement est créé <code>pending</code> : le client doit encore le valider. La façon de le faire dépend du réseau, et la réponse à la
        création vous dit quoi faire ensuite, par trois champs :
      </p>
      <AuthModeTable
        headers={["Dans la réponse", "Ce que vous faites"]}
        setWord="renseigné"
        onNull="Rien. Le réseau sollicite le client sur son téléphone. Attendez le webhook."
        onConfirm={
          <>
            Affichez <code>instructions</code> (HTML) au client — un code USSD à composer, ou une demande à valider sur le téléphone. Attendez ensuite le
            webhook ; la confirmation est automatique.
          </>
        }
        onPin={
          <>
            Recueillez le code PIN / code à usage unique du client et envoyez-le à <code>POST /api/v1/merchant/transactions/{"{id}"}/finalize</code>.
          </>
        }
        onRedirect={
          <>
            Envoyez le client vers cette URL (une page de paiement hébergée). Il revient à la <code>return_url</code> que vous avez donnée.
          </>
        }
      />

      <PayinFlowDiagram lang="fr" />

      <h2 id="networks">Quel réseau fait quoi</h2>
      <p>
        Aucun réseau absent de cette liste n&apos;a d&apos;étape supplémentaire (<code>auth_mode: null</code>). Le texte encadré est le HTML{" "}
        <code>instructions</code> renvoyé par l&apos;API (en anglais), affiché, pour un montant d&apos;exemple.
      </p>
      <NetworkCards origin={origin} countryName={countryFr} instructionsLang="en" />

      <h2 id="ussd">USSD (Orange : BF, CI, GN, ML, SN)</h2>
      <p>
        Le client obtient un code d&apos;autorisation en composant un code USSD ; l&apos;opérateur le valide et le résultat arrive par webhook. Vous
        n&apos;avez rien à recueillir.
      </p>
      <ul>
        <li>
          <strong>Sénégal :</strong> montrez le code USSD (
          <code>{senegalOrangeUssd()}</code>) au client <em>avant</em> d&apos;envoyer
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
        code={finalizeCurl}
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
