import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { RefundsFr } from "./refunds-fr";

export const generateMetadata = guideMetadata("/docs/refunds");

export default async function RefundsPage() {
  if ((await docsLocale()) === "fr") return <RefundsFr />;
  return (
    <>
      <h1>Refunds</h1>
      <p>
        Refund a <strong>successful payin</strong>, in full or in part. A refund is a transaction of its own (id <code>rf_…</code>): a payout to the
        payin&apos;s phone number on the payin&apos;s network. Its <code>amount</code> plus the payout fee is taken from your wallet at once, its status
        moves like a payout&apos;s (<code>pending</code>, then <code>successful</code> or <code>failed</code>; a failed refund gives the money back) and it
        has its own webhooks, with <code>type: &quot;refund&quot;</code>.
      </p>
      <CodeBlock
        title="Refund 500 XOF of a payin"
        code={`curl -X POST $SIKA_URL/api/v1/merchant/transactions/pi_01JZ.../refund \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: refund-order-1042-1" \\
  -d '{ "amount": 500, "reason": "Item out of stock" }'`}
      />
      <p>
        Leave the body out to refund what is left. Amounts are in the currency&apos;s units (<code>500</code> is 500 XOF), like everywhere in the API.
        The refund carries the payin&apos;s <code>order_id</code> and webhook URL.
      </p>
      <h2 id="rules">Rules</h2>
      <ul>
        <li>
          The refunds of a payin that are not failed (pending or successful) never add up to more than its amount. Asking for more answers{" "}
          <code>409 Refund exceeds the refundable amount</code> with <code>data.refundable_amount</code>. The rule holds for concurrent requests too.
        </li>
        <li>
          A payout, a refund, or a payin that is not <code>successful</code>: <code>409 Transaction cannot be refunded</code>.
        </li>
        <li>
          Your wallet must cover amount + fee: otherwise <code>400 Insufficient balance for payout</code> with <code>required_amount</code>,{" "}
          <code>available_balance</code> and <code>currency</code>, as for payouts.
        </li>
        <li>The amount must be within the country&apos;s limits (the payout limits, e.g. 500 XOF minimum in Côte d&apos;Ivoire): otherwise 400.</li>
        <li>
          Live mode: when the payin&apos;s network has no connector configured, <code>503 Network unavailable</code> and nothing is taken.
        </li>
        <li>
          In test mode the sandbox number decides the outcome as for payouts; the number of a successful payin ends in a successful suffix, so its
          refunds succeed.
        </li>
      </ul>
      <h2 id="list">A payin&apos;s refunds</h2>
      <CodeBlock title="GET" code={`curl $SIKA_URL/api/v1/merchant/transactions/pi_01JZ.../refunds -H "Authorization: Bearer $SIKA_KEY"`} />
      <p>
        Answers the payin&apos;s <code>amount</code>, <code>refunded_amount</code>, <code>refundable_amount</code> and its <code>refunds</code> (oldest
        first, each as the status endpoint shows a transaction, <code>type: &quot;refund&quot;</code>). In{" "}
        <code>GET /api/v1/transactions/&#123;reference&#125;</code> a refund is a <code>debit</code>.
      </p>
    </>
  );
}
