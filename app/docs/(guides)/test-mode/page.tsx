import { guideMetadata } from "../../_components/guide-metadata";
import Link from "next/link";
import { env } from "@/server/env";
import { FAILING_OTP } from "@/server/catalog/sandbox-numbers";
import { NumbersTable, OutcomeTable } from "../../_components/sandbox-tables";
import { Callout } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { TestModeFr } from "./test-mode-fr";

export const generateMetadata = guideMetadata("/docs/test-mode");

const minutes = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

function Outcome({ status, reason }: { status: string; reason: string | null }) {
  const color =
    status === "successful" ? "bg-emerald-100 text-emerald-800" : status === "pending" ? "bg-slate-100 text-slate-700" : "bg-rose-100 text-rose-800";
  return (
    <span>
      <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${color}`}>{status}</span>
      {reason ? <span className="block text-xs text-slate-500">{reason}</span> : null}
    </span>
  );
}

export default async function TestModePage() {
  if ((await docsLocale()) === "fr") return <TestModeFr />;
  const e = env();
  return (
    <>
      <h1>Test mode &amp; sandbox numbers</h1>
      <p>
        A <code>sk_test_…</code> key runs everything against <strong>sandbox networks</strong>: the same validation, fees, limits, ledger and webhooks
        as live mode, but no money moves and the outcome is chosen by you, through the <strong>last 4 digits of the phone number</strong>.
      </p>

      <h2 id="outcomes">What the last 4 digits do</h2>
      <OutcomeTable
        lang="en"
        cell={(r, side) => (
          <>
            <Outcome {...r[side]} />
            {r[side].status === "pending" ? (
              <span className="block text-xs text-slate-500">
                {side === "payin" ? `until it expires: cancelled after ${minutes(e.PAYIN_EXPIRY_SECONDS)}` : `until the timeout: failed and refunded after ${minutes(e.PAYOUT_TIMEOUT_SECONDS)}`}
              </span>
            ) : null}
          </>
        )}
      />
      <ul>
        <li>
          The outcome lands about <strong>{e.SANDBOX_DELAY_MS / 1000} s</strong> after the customer&apos;s part is done (creation, or finalize for PIN
          networks), then the webhook goes out. <code>metadata.sandbox_delay_ms</code> sets this delay for one payin, and{" "}
          <Link href="/docs/testing">Testing with Sika</Link> shows how to decide an outcome on demand or reset the test data.
        </li>
        <li>
          PIN networks (Gambia qmoney, aps): the payin waits for <code>POST …/finalize</code>; an <code>otp</code> of <code>{FAILING_OTP}</code> fails it. The
          same value as <code>metadata.om_otp</code> fails an Orange USSD payin.
        </li>
        <li>
          Hosted checkout (wave): the test page has <strong>Approve</strong> (the phone number decides, as above) and <strong>Decline</strong> (cancelled)
          buttons.
        </li>
        <li>Fees, rounding, limits and validation errors are exactly those of live mode — test your error handling here.</li>
      </ul>

      <h2 id="numbers">Numbers by country</h2>
      <p>
        Every number below is a valid mobile number of its country (the API checks that), so you can copy them as they are. National and international
        forms work too (<code>0…</code>, <code>+…</code>, or digits only).
      </p>
      <NumbersTable lang="en" />

      <h2 id="live">Live mode never pretends</h2>
      <Callout tone="warn">
        <p>
          With a <code>sk_live_…</code> key the phone number means nothing special. A network without a configured live connector answers{" "}
          <code>503 Network unavailable</code> and moves no money (<code>GET /api/v1/networks</code> shows <code>available</code> per network).
        </p>
      </Callout>
      <p>
        Test and live are separate worlds: balances, transactions, webhook URLs and secrets. A test key never sees a live transaction (it gets{" "}
        <code>404</code>). Ready? See <Link href="/docs/quickstart#live">going live</Link>.
      </p>
    </>
  );
}
