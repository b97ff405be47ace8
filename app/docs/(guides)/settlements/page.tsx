import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { SettlementsFr } from "./settlements-fr";
import { settlementsSnippets } from "./snippets";

export const generateMetadata = guideMetadata("/docs/settlements");

export default async function SettlementsGuide() {
  if ((await docsLocale()) === "fr") return <SettlementsFr />;
  return (
    <>
      <h1>Settlements to the bank</h1>
      <p>
        Move your available balance to your bank account. Register the account in the dashboard (<strong>Settlements</strong>, owners only); Sika
        verifies it before its first settlement. Then request settlements from the dashboard or the API, or let an automatic schedule do it.
      </p>
      <h2 id="accounts">Bank accounts</h2>
      <ul>
        <li>
          <strong>UEMOA</strong> (BF, BJ, CI, ML, SN, TG): the 24-character RIB (bank code, branch, account, key) or its IBAN (28 characters).{" "}
          <strong>CEMAC</strong> (CM, CG): the 23-digit RIB or its IBAN (27). Stored as the IBAN; an IBAN&apos;s check digits must be right.
        </li>
        <li>
          <strong>KE, UG, TZ, RW</strong>: the account number (6 to 20 digits) and the branch code (3 to 6 digits). CD, GM, GN: the account number and
          an optional branch code. The SWIFT/BIC is optional everywhere.
        </li>
        <li>
          The operations team verifies or rejects each account (with a reason you see in the dashboard); both decisions are in the audit log.{" "}
          <code>GET /api/v1/merchant/bank-accounts</code> lists them with their status.
        </li>
      </ul>
      <h2 id="request">Request a settlement</h2>
      <CodeBlock
        title="500,000 XOF to a verified account"
        code={settlementsSnippets.request}
      />
      <p>
        <code>amount</code> reaches the bank; the settlement fee of the fee schedule (direction <code>settlement</code>, by default 0.5 %, rounded up
        to the currency&apos;s unit) is taken on top. <code>amount + fee</code> (<code>total</code>) leaves the available balance at once, like a
        payout, and shows as <code>pending_balance</code> in <code>GET /api/v1/merchant/balances</code> until the transfer is done. A balance that
        cannot cover it: <code>400 Insufficient balance for settlement</code> with <code>required_amount</code> and <code>available_balance</code>;
        nothing moves. Live mode needs an approved KYC.
      </p>
      <h2 id="lifecycle">Lifecycle</h2>
      <ul>
        <li>
          <code>pending</code>: reserved; Sika&apos;s operators export the pending settlements of each bank as a bank transfer file (CSV) and send
          the transfers.
        </li>
        <li>
          <code>paid</code>, with <code>bank_reference</code>: the transfer went out; the reserved total leaves your balance for good.
        </li>
        <li>
          <code>rejected</code>, with <code>rejection_reason</code>: the whole total (fee included) is back in your available balance.
        </li>
      </ul>
      <p>
        <code>GET /api/v1/merchant/settlements</code> lists them (newest first; <code>limit</code>, and <code>starting_after</code> set to the previous page&apos;s{" "}
        <code>next_starting_after</code>), <code>GET …/settlements/&#123;id&#125;</code> reads one. On{" "}
        <a href="/docs/statements">statements</a> a settlement is a <code>settlement</code> movement (amount and fee, debited when requested) and a
        rejection a <code>settlement_reversal</code>; opening + movements = closing holds as always.
      </p>
      <h2 id="webhooks">Webhooks</h2>
      <p>
        Every status change (requested, paid, rejected) sends a webhook to your dashboard webhook URL, signed like every event, in the shape of a
        transaction notification with <code>type: &quot;settlement&quot;</code>:
      </p>
      <CodeBlock
        title="Body"
        code={settlementsSnippets.webhookBody}
      />
      <p>
        <code>status</code> is the settlement&apos;s: <code>pending</code>, <code>paid</code> or <code>rejected</code>.
      </p>
      <h2 id="schedule">Automatic settlements</h2>
      <p>
        In the dashboard, per currency: daily, or weekly on a chosen day, at 06:00 UTC, when the available balance is at least the threshold, the
        worker requests a settlement of everything available (amount + fee at most the balance) to the chosen verified account. A run that cannot
        settle (the account is no longer verified) is skipped and logged; the next one is planned all the same.
      </p>
    </>
  );
}
