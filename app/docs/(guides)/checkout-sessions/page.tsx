import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { CheckoutSessionsFr } from "./checkout-sessions-fr";

export const generateMetadata = guideMetadata("/docs/checkout-sessions");

export default async function CheckoutSessionsGuide() {
  if ((await docsLocale()) === "fr") return <CheckoutSessionsFr />;
  return (
    <>
      <h1>Hosted checkout sessions</h1>
      <p>
        Let Sika host the payment step of your shop: create a session for an order, send the customer to its <code>url</code>, and they come back to
        your <code>return_url</code> once paid. The customer chooses the network and enters the phone number on our page (network predicted,
        changeable), then follows the network&apos;s step (USSD code, PIN, Wave page or approving on the phone). The payment is an ordinary payin
        with your <code>order_id</code>, fees and webhooks.
      </p>
      <CodeBlock
        title="Create a session"
        code={`curl -X POST $SIKA_URL/api/v1/merchant/checkout-sessions \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{ "amount": 15000, "currency": "XOF", "country_code": "SN", "order_id": "order-2026-0042",
        "return_url": "https://shop.example.sn/checkout/done", "description": "2 x T-shirt" }'`}
      />
      <p>
        The answer&apos;s <code>data</code> holds <code>id</code> (<code>cs_…</code>), <code>url</code> and <code>expires_at</code> (60 minutes), with
        the rest of the session. Redirect the customer to <code>url</code>. Without <code>country_code</code> the page lets the customer pick among
        the countries of the <code>currency</code>. <code>callback_url</code> (optional) receives the payin&apos;s webhooks, otherwise your dashboard
        webhook URL does. <code>return_url</code> must be https in live mode.
      </p>
      <h2 id="return">Back to your shop</h2>
      <p>
        After a successful payment the receipt page sends the customer to{" "}
        <code>return_url?session_id=cs_…&amp;status=complete</code> (after 5 seconds, or at once with the button). The query string is the
        customer&apos;s word: before delivering, read the session on your server.
      </p>
      <CodeBlock title="Read the session" code={`curl $SIKA_URL/api/v1/merchant/checkout-sessions/cs_01JZ... -H "Authorization: Bearer $SIKA_KEY"`} />
      <ul>
        <li>
          <code>status</code>: <code>open</code> until its payin succeeds (<code>complete</code>), or <code>expired</code> past{" "}
          <code>expires_at</code> with no payment under way.
        </li>
        <li>
          <code>transaction_id</code> and <code>payment_status</code>: the latest payin. A failed or cancelled attempt lets the customer try again on
          the same page (one payin at a time); a complete session takes no second payment.
        </li>
      </ul>
      <p>
        Abuse limits: 10 attempts per session per hour and 20 per client address per 10 minutes. A double submit makes one payin (an idempotency key
        per submission).
      </p>
    </>
  );
}
