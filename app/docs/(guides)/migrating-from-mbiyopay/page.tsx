import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { MigratingFr } from "./migrating-from-mbiyopay-fr";
import { migratingSnippets } from "./snippets";

export const generateMetadata = guideMetadata("/docs/migrating-from-mbiyopay");

export default async function MigratingPage() {
  if ((await docsLocale()) === "fr") return <MigratingFr />;
  return (
    <>
      <h1>Migrating from MbiyoPay</h1>
      <p>
        Code written against MbiyoPay&apos;s API keeps working: change the base URL and the API key. The payin, payout, status, resend-webhook,
        transaction-by-reference and countries endpoints have the same paths and shapes, and so do these three:
      </p>
      <ul>
        <li>
          <code>GET /api/v1/transactions?page=&amp;limit=</code>: your transactions, newest first, in the Laravel paginator format of{" "}
          <code>/api/v1/countries</code> (<code>data</code> at the top level, <code>links</code>, <code>meta</code>; no status/message envelope).{" "}
          <code>limit</code> is 1 to 100, 15 by default. Each item has the shape of <code>GET /api/v1/transactions/&#123;reference&#125;</code>.
        </li>
        <li>
          <code>GET /api/v1/merchant/transactions?page=&amp;limit=</code>: <code>data</code> is the array of transactions (each as{" "}
          <code>GET /api/v1/merchant/transactions/&#123;transaction_id&#125;</code>), with <code>next_cursor</code> and{" "}
          <code>meta</code> (<code>current_page</code>, <code>per_page</code>, <code>total</code> on page requests) beside it.{" "}
          <code>page</code> and <code>cursor</code> both work; <code>order_id</code>, <code>status</code>, <code>type</code> and the created range filter.
        </li>
        <li>
          <code>GET /api/v1/merchant/status/&#123;transaction_id&#125;</code>: the same answer as{" "}
          <code>GET /api/v1/merchant/transactions/&#123;transaction_id&#125;</code>.
        </li>
      </ul>
      <h2 id="amounts">Amounts are major units</h2>
      <p>
        Every amount you send (payin, payout, refund, bulk) and every amount in the answers is in the currency&apos;s <strong>units</strong>:{" "}
        <code>&quot;amount&quot;: 1000</code> is one thousand francs CFA, <code>&quot;amount&quot;: 10.5</code> is ten and a half shillings. Never send
        hundredths. Only the remittance-style shape of <code>/api/v1/transactions</code> shows hundredths, as decimal text in <code>amount</code> and{" "}
        <code>charge</code>, beside the units in <code>human_readable_amount</code>.
      </p>
      <p>If your code multiplies by 100 before sending, a 1,000 XOF payin in Côte d&apos;Ivoire goes out as 100,000 XOF and may be refused:</p>
      <CodeBlock
        title="Sending hundredths by mistake: 1,500,000 XOF asked as 150000000"
        code={migratingSnippets.hundredthsError}
      />
      <p>
        That 400 names the limits in units. Below the maximum the mistake is silent (100 times the amount), so check your integration in test mode
        first: the status endpoint shows the <code>amount</code> processed.
      </p>
    </>
  );
}
