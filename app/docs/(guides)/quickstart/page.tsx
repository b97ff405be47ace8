import { guideMetadata } from "../../_components/guide-metadata";
import Link from "next/link";
import { env } from "@/server/env";
import { DEMO } from "@/server/seed/demo";
import { DEFAULT_RATE_BPS } from "@/server/fees/schedule";
import { computeFee, toAmount, toMinor } from "@/server/money";
import { sandboxNumbers } from "@/server/catalog/sandbox-numbers";
import { CodeBlock, Callout } from "../../_components/code-block";
import { docsOrigin } from "../../_components/origin";
import { EnglishOnly, docsLocale } from "../../_components/docs-locale";
import { quickStartSnippets } from "./snippets";
import { QuickStartFr } from "./quickstart-fr";

export const generateMetadata = guideMetadata("/docs/quickstart");

/** Amount, default fee and charged amount of the example, computed by the money module. */
function price(amount: number, currency: string, bps: number) {
  const minor = toMinor(amount)!;
  const fee = computeFee(minor, bps, 0n, currency);
  return { fee: toAmount(fee), charged: toAmount(minor + fee) };
}

export default async function QuickStart() {
  const locale = await docsLocale();
  const base = await docsOrigin();
  const ci = sandboxNumbers().find((n) => n.countryCode === "CI")!;
  const sn = sandboxNumbers().find((n) => n.countryCode === "SN")!;
  const payin = price(1000, "XOF", DEFAULT_RATE_BPS.payin);
  const payout = price(5000, "XOF", DEFAULT_RATE_BPS.payout);
  const delaySeconds = env().SANDBOX_DELAY_MS / 1000;
  const facts = { base, ci, sn, payin };
  if (locale === "fr") return <QuickStartFr facts={facts} payout={payout} delaySeconds={delaySeconds} />;

  return (
    <EnglishOnly locale={locale}>
      <h1>Quick start: your first test payin</h1>
      <p>
        Five minutes, a terminal and <code>curl</code>. Everything here runs in <strong>test mode</strong>: sandbox networks, no real money, outcomes
        chosen by the phone number.
      </p>

      <h2 id="key">1. Get a test API key</h2>
      <p>
        On its first start, Sika creates a demo merchant and prints its credentials <strong>once</strong> in the server console (API keys are stored
        hashed and never shown again):
      </p>
      <CodeBlock title="server console" code={quickStartSnippets.console(facts)} />
      <p>
        Lost it? Sign in to the <Link href="/dashboard" prefetch={false}>dashboard</Link> as <code>{DEMO.email}</code> and create a key under <strong>Developers</strong>,
        or run <code>npm run admin -- create-key --merchant mer_… --mode test</code>. Then keep it in your shell:
      </p>
      <CodeBlock title="shell" code={quickStartSnippets.env(facts)} />

      <h2 id="networks">2. Check what you can use</h2>
      <p>Coverage for Côte d&apos;Ivoire: currencies, limits, networks and the customer&apos;s authorization step for each.</p>
      <CodeBlock title="curl" code={quickStartSnippets.networks} />

      <h2 id="payin">3. Create a payin</h2>
      <p>
        Collect 1,000 XOF from an MTN customer. <code>{ci.successful}</code> is a valid Ivorian number whose last 4 digits tell the sandbox to succeed.
        The <code>Idempotency-Key</code> makes the request safe to retry.
      </p>
      <CodeBlock title="curl" code={quickStartSnippets.payin(facts)} />
      <p>The answer: the transaction, <code>pending</code> while the customer approves on their phone.</p>
      <CodeBlock title="200 OK" code={quickStartSnippets.payinAnswer(facts)} />
      <p>
        <code>fee</code> is the default payin rate ({DEFAULT_RATE_BPS.payin / 100} %) — your account&apos;s rates may differ; quote any amount with{" "}
        <code>GET /api/v1/merchant/fees</code>. <code>auth_mode</code> null means there is nothing for you to do but wait. Other networks ask for a USSD
        code, a PIN or a redirect: see <Link href="/docs/payin-flows">payin authorization flows</Link>.
      </p>

      <h2 id="status">4. Read the final status</h2>
      <p>
        The sandbox settles about {delaySeconds} s after creation. Read the transaction with the id you got back:
      </p>
      <CodeBlock title="curl" code={quickStartSnippets.status} />
      <p>
        <code>&quot;status&quot;: &quot;successful&quot;</code> — the payin is paid, and its <code>amount</code> is in your test balance (
        <code>GET /api/v1/merchant/balances</code>). Now try <code>{ci.bySuffix["0001"]}</code> (fails) or <code>{ci.bySuffix["0002"]}</code> (cancelled):
        every country&apos;s numbers are in <Link href="/docs/test-mode">test mode &amp; sandbox numbers</Link>.
      </p>

      <h2 id="webhook">5. Get notified instead of polling</h2>
      <p>
        Add <code>&quot;callback_url&quot;: &quot;https://your.server/webhooks/sika&quot;</code> to the payin (or set a default URL in the dashboard).
        Sika POSTs the transaction there on every status change, signed with your <code>whsec_…</code> secret. In test mode the URL may be local (
        <code>http://localhost:4000/…</code>). Verification code for Node, PHP and Python is in the <Link href="/docs/webhooks">webhooks guide</Link>.
      </p>
      <Callout>
        <p>
          Treat the webhook as a nudge: before delivering goods, confirm with step 4. Dedupe on the <code>Webhook-Id</code> header — the same event can
          arrive twice.
        </p>
      </Callout>

      <h2 id="payout">6. Pay someone out</h2>
      <p>
        Payouts draw <code>amount + fee</code> from your balance (the demo merchant starts with a test balance in XOF and KES). The phone number works
        the same way:
      </p>
      <CodeBlock title="curl" code={quickStartSnippets.payout(facts)} />
      <p>
        With the default payout rate ({DEFAULT_RATE_BPS.payout / 100} %) this reserves {payout.charged.toLocaleString("en")} XOF; a failed payout gives
        it all back.
      </p>

      <h2 id="live">Going live</h2>
      <ol>
        <li>Get your business KYC approved in the dashboard (live payouts need it).</li>
        <li>
          Create a <code>sk_live_…</code> key and a live webhook URL (https, public). Live data is separate from test data.
        </li>
        <li>Fund your live wallet for payouts.</li>
        <li>Keep the same code: only the key changes.</li>
      </ol>
    </EnglishOnly>
  );
}
