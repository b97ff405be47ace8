import type { Metadata } from "next";
import Link from "next/link";
import { coverage } from "@/server/catalog/coverage";
import { env } from "@/server/env";
import { CodeBlock, Callout, Table } from "../../_components/code-block";
import { PayinFlowDiagram } from "../../_components/payin-flow-diagram";
import { docsOrigin } from "../../_components/origin";
import { docsLocale } from "../../_components/docs-locale";
import { PayinFlowsFr } from "./payin-flows-fr";
import { sampleAnswer, specialNetworks } from "./sample-answer";

export const metadata: Metadata = { title: "Payin authorization flows" };

export default async function PayinFlowsPage() {
  const origin = await docsOrigin();
  const expiryMinutes = Math.round(env().PAYIN_EXPIRY_SECONDS / 60);
  if ((await docsLocale()) === "fr") return <PayinFlowsFr origin={origin} expiryMinutes={expiryMinutes} />;
  const special = specialNetworks();

  return (
    <>
      <h1>Payin authorization flows</h1>
      <p>
        A payin is created <code>pending</code>: the customer still has to approve it. How they do that depends on the network, and the creation
        response tells you what to do next through three fields:
      </p>
      <Table>
        <thead>
          <tr>
            <th>In the response</th>
            <th>What you do</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>auth_mode: null</code>, <code>redirect_url: null</code>
            </td>
            <td>Nothing. The network prompts the customer on their phone. Wait for the webhook.</td>
          </tr>
          <tr>
            <td>
              <code>auth_mode: &quot;confirm&quot;</code>
            </td>
            <td>
              Show <code>instructions</code> (HTML) to the customer — a USSD code to dial, or a request to approve on the phone. Then wait for the
              webhook; confirmation is automatic.
            </td>
          </tr>
          <tr>
            <td>
              <code>auth_mode: &quot;pin&quot;</code>
            </td>
            <td>
              Collect the customer&apos;s PIN / one-time code and send it to <code>POST /api/v1/merchant/transactions/{"{id}"}/finalize</code>.
            </td>
          </tr>
          <tr>
            <td>
              <code>redirect_url</code> set
            </td>
            <td>
              Send the customer to that URL (a hosted checkout page). They come back to the <code>return_url</code> you gave.
            </td>
          </tr>
        </tbody>
      </Table>

      <PayinFlowDiagram />

      <h2 id="networks">Which networks do what</h2>
      <p>
        Every network not listed here has no extra step (<code>auth_mode: null</code>). The boxed text is the <code>instructions</code> HTML the API
        returns, rendered, for a sample amount.
      </p>
      <div className="my-4 grid gap-3">
        {special.map(({ country, network }) => {
          const answer = sampleAnswer(country.code, network.id, origin);
          return (
            <section key={`${country.code}-${network.id}`} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">{network.name}</span>
                <span className="text-xs text-slate-500">
                  {country.name} · <code>{network.id}</code>
                </span>
                <span className="ml-auto text-xs">
                  <code>auth_mode: {answer.authMode ? `"${answer.authMode}"` : "null"}</code>
                  {answer.redirectUrl ? <code className="ml-1">redirect_url</code> : null}
                </span>
              </div>
              {answer.instructions ? (
                <div className="mt-2 rounded border-l-4 border-sky-300 bg-sky-50/60 px-3 py-1 text-[0.8125rem] [&_p]:my-1" dangerouslySetInnerHTML={{ __html: answer.instructions }} />
              ) : answer.redirectUrl ? (
                <div className="mt-2 text-xs text-slate-600">
                  redirect_url: <code>{answer.redirectUrl}</code>
                </div>
              ) : null}
            </section>
          );
        })}
      </div>

      <h2 id="ussd">USSD (Orange in BF, CI, GN, ML, SN)</h2>
      <p>
        The customer produces an authorization code by dialling a USSD code; the operator validates it and the result comes by webhook. You do not collect
        anything.
      </p>
      <ul>
        <li>
          <strong>Senegal:</strong> show the USSD code (<code>{coverage.find((c) => c.code === "SN")!.networks.find((n) => n.id === "orange")!.ussdCode}</code>)
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
        code={`curl -s -X POST "$SIKA_URL/api/v1/merchant/transactions/pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D/finalize" \\
  -H "Authorization: Bearer $SIKA_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "otp": "4821" }'`}
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
