import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { BulkPayoutsFr } from "./bulk-payouts-fr";
import { bulkPayoutsSnippets } from "./snippets";

export const generateMetadata = guideMetadata("/docs/bulk-payouts");

export default async function BulkPayoutsPage() {
  if ((await docsLocale()) === "fr") return <BulkPayoutsFr />;
  return (
    <>
      <h1>Bulk payouts</h1>
      <p>
        Pay up to 1,000 people in one request. <code>payouts</code> holds bodies exactly as for <code>POST /api/v1/merchant/payout</code>, each with
        its own <code>order_id</code> (required, unique in the batch).
      </p>
      <CodeBlock
        title="POST /api/v1/merchant/payouts/bulk"
        code={bulkPayoutsSnippets.create}
      />
      <h2 id="answer">The answer</h2>
      <p>
        Always <code>200</code> when the request itself is valid. <code>data.items</code> lists every item in request order, each as the single
        payout endpoint would have answered it: <code>http_status</code> 200 with the created payout in <code>data</code>, or 422 (validation), 400
        (limits or balance) or 503 (live network unavailable) with the error&apos;s <code>message</code> and <code>data</code>. <code>index</code> is
        the item&apos;s position (from 0). One invalid item never stops the others.
      </p>
      <p>
        Accepted items reserve <code>amount + fee</code> from the wallet in request order while the balance covers them; a later item that does not
        fit gets <code>400 Insufficient balance for payout</code> with the balance left at its turn. Each payout has its own webhooks.
      </p>
      <h2 id="batch">Following a batch</h2>
      <CodeBlock title="GET" code={bulkPayoutsSnippets.batch} />
      <p>
        Gives the counts, <code>statuses</code> (how many payouts are pending, successful, failed, cancelled now), <code>completed</code> and every
        item: accepted ones with their payout&apos;s current state, rejected ones as answered.
      </p>
      <h2 id="idempotency">Idempotency-Key</h2>
      <p>
        With a key, the same key and body replays the whole answer (<code>Idempotent-Replayed: true</code>) and creates nothing; another body with the
        same key answers 409. A second request with the key while the first is still running answers 409 too. Keys of bulk batches do not expire.
      </p>
      <p>Live mode without an approved KYC: the whole request answers 403.</p>
    </>
  );
}
