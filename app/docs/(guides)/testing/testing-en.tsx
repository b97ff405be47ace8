import Link from "next/link";
import { FINAL_TRANSACTION_STATUSES } from "@/server/vocabulary";
import { Callout, CodeBlock } from "../../_components/code-block";
import { OutcomeTable } from "../../_components/sandbox-tables";
import { TestIdTable, TimingTable } from "./tables";
import { snippets } from "./snippets";

/** Testing with Sika, in English. */
export function TestingEn({ base }: { base: string }) {
  return (
    <>
      <h1>Testing with Sika</h1>
      <p>
        For QA teams writing their own Playwright (or Cypress, Selenium…) suites against Sika: how to make every run <strong>deterministic</strong>{" "}
        (you decide each outcome and its timing), <strong>clean</strong> (reset the test data between runs), and <strong>stable</strong> (selectors we
        promise to keep). Everything here works with a test key only; live mode is never affected.
      </p>
      <CodeBlock title="shell" code={snippets.env(base)} />

      <h2 id="outcomes">Outcomes: sandbox numbers</h2>
      <p>
        In test mode the last 4 digits of the phone number choose the outcome. Full tables per country are in{" "}
        <Link href="/docs/test-mode">Test mode &amp; sandbox numbers</Link>.
      </p>
      <OutcomeTable lang="en" cell={(r, side) => <code>{r[side].status}</code>} />

      <h2 id="settle">Deciding an outcome now</h2>
      <p>
        <code>POST /api/v1/test/transactions/{"{id}"}/outcome</code> with <code>{`{"status": ${FINAL_TRANSACTION_STATUSES.map((s) => `"${s}"`).join(" | ")}, "reason"?}`}</code>{" "}
        gives a <strong>pending</strong> test payin, payout or refund its outcome at once, whatever its phone number. It goes through the same code as the
        sandbox&apos;s own outcome: the ledger and balances move, the timeline gets its row, the status webhook is sent, and the dashboard shows it.
        The answer is the transaction as <code>GET /api/v1/merchant/transactions/{"{id}"}</code> returns it. A number ending in <code>0003</code> keeps a
        transaction pending until you decide.
      </p>
      <CodeBlock title="curl" code={snippets.outcome} />
      <CodeBlock title="200" code={snippets.outcomeAnswer} />
      <ul>
        <li>
          <code>reason</code> (255 characters at most) is recorded for <code>failed</code> and <code>cancelled</code> and shown as{" "}
          <code>decline_reason</code> in the API and the webhook; without it, the sandbox&apos;s own reason is used.
        </li>
        <li>
          A transaction that already has its outcome answers <code>409 Transaction is not pending</code> (with its <code>status</code>); an unknown id{" "}
          <code>404</code>. A <strong>live key</strong> gets <code>404</code>: these endpoints do not exist for it.
        </li>
      </ul>

      <h2 id="timing">Timing</h2>
      <p>
        A payin may carry <code>metadata.sandbox_delay_ms</code> (an integer from 0 to 600000) to choose when its sandbox outcome lands: <code>0</code>{" "}
        for at once (the next worker pass), <code>600000</code> to keep it pending for ten minutes while your test looks at it. The server-wide settings
        below are environment variables of the Sika you run (this server&apos;s values shown).
      </p>
      <CodeBlock title="curl" code={snippets.delayed} />
      <TimingTable lang="en" />

      <h2 id="reset">A clean slate: resetting test data</h2>
      <p>
        <code>POST /api/v1/test/reset</code> (test key) deletes this business&apos;s test-mode transactions and their timelines, webhook events and
        delivery attempts, statement movements, test balances (and their top-ups), bulk batches and Idempotency-Key records, in one database
        transaction, and records who did it in the audit log. Live data, settings, API keys, the team and webhook URLs and secrets are kept. Owners
        have the same button in the dashboard: <strong>Settings → Test data → Reset test data</strong> (it asks for confirmation).
      </p>
      <CodeBlock title="curl" code={snippets.reset} />
      <CodeBlock title="200" code={snippets.resetAnswer} />

      <h2 id="selectors">Selectors we keep stable</h2>
      <p>
        Prefer <strong>roles and accessible names</strong>: every button, link, heading, dialog and form field has one, in English and in French
        (<code>getByRole(&quot;button&quot;, {"{ name: \"Create account\" }"})</code>, <code>getByLabel(&quot;Email&quot;)</code>). Form fields are
        labelled; dialogs are <code>role=&quot;dialog&quot;</code> with their title as name; toasts are announced in a <code>role=&quot;status&quot;</code>{" "}
        region.
      </p>
      <p>
        Every transaction row and card (lists, the overview, refunds, statements) carries <code>data-transaction-id</code>, and transaction rows{" "}
        <code>data-status</code> (<code>pending</code>, <code>successful</code>, <code>failed</code>, <code>cancelled</code>). Lists are tables from 640
        px wide (statements: 1024 px) and cards below: use <code>:visible</code> so one locator works at both sizes.
      </p>
      <CodeBlock title="Playwright" code={snippets.playwright} />
      <p>These test ids are kept; renaming one is announced as a breaking change:</p>
      <TestIdTable lang="en" />
      <Callout>
        <p>
          The dashboard refreshes its transaction lists by itself within about 2 seconds of a change (a new transaction, a status change): wait for
          the attribute, never for a fixed time.
        </p>
      </Callout>

      <h2 id="locale">Language</h2>
      <p>
        The dashboard and these guides speak English and French. The <code>sika_locale</code> cookie (<code>en</code> or <code>fr</code>) chooses; without
        it, the browser&apos;s <code>Accept-Language</code> does. <code>&lt;html lang&gt;</code> always matches the language shown.
      </p>
      <CodeBlock title="Playwright" code={snippets.locale} />

      <h2 id="production">Running the production build locally</h2>
      <p>
        Test against what merchants run: the production build, on PostgreSQL. The short timings below keep a suite fast; production refuses to start
        without the secrets, and seeds no demo account, so the first operator comes from the admin CLI.
      </p>
      <CodeBlock title="shell" code={snippets.production} />

      <h2 id="example">An example suite</h2>
      <p>
        <code>examples/playwright-qa/</code> in the repository is a small Playwright project written only against what this page promises: it signs up a
        business, creates a test key, settles payins with the outcome endpoint, watches the list change without a reload, resets the test data and
        checks the French dashboard. Sika&apos;s own CI runs it against the production build on every change.
      </p>
      <CodeBlock title="shell" code={snippets.example} />
    </>
  );
}
