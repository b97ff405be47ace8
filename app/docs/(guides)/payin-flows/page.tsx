import { guideMetadata } from "../../_components/guide-metadata";
import Link from "next/link";
import { env } from "@/server/env";
import { CodeBlock, Callout } from "../../_components/code-block";
import { PayinFlowDiagram } from "../../_components/payin-flow-diagram";
import { docsOrigin } from "../../_components/origin";
import { docsLocale } from "../../_components/docs-locale";
import { PayinFlowsFr } from "./payin-flows-fr";
import { AuthModeTable, finalizeCurl, NetworkCards, senegalOrangeUssd } from "./shared";

export const generateMetadata = guideMetadata("/docs/payin-flows");

export default async function PayinFlowsPage() {
  const origin = await docsOrigin();
  const expiryMinutes = Math.round(env().PAYIN_EXPIRY_SECONDS / 60);
  if ((await docsLocale()) === "fr") return <PayinFlowsFr origin={origin} expiryMinutes={expiryMinutes} />;

  return (
    <>
      <h1>Payin authorization flows</h1>
      <p>
        A payin is created <code>pending</code>: the customer still has to approve it. How they do that depends on the network, and the creation
        response tells you what to do next through three fields:
      </p>
      <AuthModeTable
        headers={["In the response", "What you do"]}
        setWord="set"
        onNull="Nothing. The network prompts the customer on their phone. Wait for the webhook."
        onConfirm={
          <>
            Show <code>instructions</code> (HTML) to the customer — a USSD code to dial, or a request to approve on the phone. Then wait for the
            webhook; confirmation is automatic.
          </>
        }
        onPin={
          <>
            Collect the customer&apos;s PIN / one-time code and send it to <code>POST /api/v1/merchant/transactions/{"{id}"}/finalize</code>.
          </>
        }
        onRedirect={
          <>
            Send the customer to that URL (a hosted checkout page). They come back to the <code>return_url</code> you gave.
          </>
        }
      />

      <PayinFlowDiagram />

      <h2 id="networks">Which networks do what</h2>
      <p>
        Every network not listed here has no extra step (<code>auth_mode: null</code>). The boxed text is the <code>instructions</code> HTML the API
        returns, rendered, for a sample amount.
      </p>
      <NetworkCards origin={origin} />

      <h2 id="ussd">USSD (Orange in BF, CI, GN, ML, SN)</h2>
      <p>
        The customer produces an authorization code by dialling a USSD code; the operator validates it and the result comes by webhook. You do not collect
        anything.
      </p>
      <ul>
        <li>
          <strong>Senegal:</strong> show the USSD code (<code>{senegalOrangeUssd()}</code>)
          to the customer <em>before</em> you send the payin, so they can dial while you create it.
        </li>
        <li>
          <strong>Burkina Faso:</strong> the code contains the amount; the <code>instructions</code> fill it in for you.
        </li>
        <li>
          If your checkout already collected the code the customer generated, pass it as <code>metadata.om_otp</code>: the payin is processed at once and
          the three fields come back null.
        </li>
      </ul>

      <h2 id="pin">PIN (Gambia qmoney, aps)</h2>
      <p>
        Ask for the code in your own UI, then finalize within {expiryMinutes} minutes. The answer is the payin, still <code>pending</code>; the outcome
        arrives by webhook. Finalizing anything else — a payout, another auth mode, a payin already finalized, expired or final — answers{" "}
        <code>409 Transaction cannot be finalized</code>.
      </p>
      <CodeBlock
        title="curl"
        code={finalizeCurl}
      />

      <h2 id="redirect">Hosted checkout (wave in GM, SN, CI)</h2>
      <p>
        Redirect the customer&apos;s browser to <code>redirect_url</code>. Pass <code>return_url</code> when creating the payin to choose where they come
        back; the return is not proof of payment, the webhook and the status endpoint are.
      </p>

      <h2 id="approve">Approve on phone (Gambia afrimoney)</h2>
      <p>
        The customer receives a payment request on the handset and approves it with their PIN. Show the <code>instructions</code> so they know to look at
        their phone.
      </p>

      <Callout>
        <p>
          Whatever the path, a payin not authorised within {expiryMinutes} minutes becomes <code>cancelled</code>. Always confirm the final state with{" "}
          <code>GET /api/v1/merchant/transactions/{"{id}"}</code> before delivering. In test mode every path is simulated — see{" "}
          <Link href="/docs/test-mode">test mode</Link>.
        </p>
      </Callout>
    </>
  );
}
