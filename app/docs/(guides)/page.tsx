import { guideMetadata } from "../_components/guide-metadata";
import Link from "next/link";
import { coverage } from "@/server/catalog/coverage";
import { guides } from "../_components/nav-items";
import { Table } from "../_components/code-block";
import { docsLocale } from "../_components/docs-locale";
import { OverviewFr } from "./overview-fr";

export const generateMetadata = guideMetadata("/docs");

export default async function DocsHome() {
  if ((await docsLocale()) === "fr") return <OverviewFr />;
  return (
    <>
      <p className="text-sm font-medium text-emerald-700">Sika API · v1</p>
      <h1>Mobile money payments, one API</h1>
      <p>
        Collect money from your customers&apos; mobile money wallets (<strong>payin</strong>), send money to anyone&apos;s wallet from your balance
        (<strong>payout</strong>), and get a signed <strong>webhook</strong> whenever a transaction changes status — across {coverage.length} countries:{" "}
        {coverage.map((c) => c.code).join(", ")}.
      </p>

      <div className="not-prose my-6 grid gap-3 sm:grid-cols-2">
        {guides.slice(1).map((g) => (
          <Link key={g.href} href={g.href} className="rounded-lg border border-slate-200 p-4 no-underline hover:border-emerald-300 hover:bg-emerald-50/40">
            <span className="block font-semibold text-slate-900">{g.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{g.blurb}</span>
          </Link>
        ))}
        <Link href="/docs/reference" className="rounded-lg border border-slate-200 p-4 no-underline hover:border-emerald-300 hover:bg-emerald-50/40">
          <span className="block font-semibold text-slate-900">API reference</span>
          <span className="mt-1 block text-sm text-slate-600">Every endpoint, field and error, interactive. Generated from the code.</span>
        </Link>
      </div>

      <h2 id="basics">The basics</h2>
      <Table>
        <tbody>
          <tr>
            <th>Base URL</th>
            <td>
              Your Sika server; every endpoint lives under <code>/api/v1/</code>.
            </td>
          </tr>
          <tr>
            <th>Authentication</th>
            <td>
              <code>Authorization: Bearer sk_test_…</code> (test mode) or <code>sk_live_…</code> (live mode). Keys are created in the dashboard
              (Developers) and shown once. A missing or wrong key answers <code>401 Unauthenticated</code>.
            </td>
          </tr>
          <tr>
            <th>Test and live</th>
            <td>
              The key decides the mode. Test keys hit sandbox networks (no money moves; the phone number picks the outcome). Balances, transactions
              and webhook settings of the two modes never mix.
            </td>
          </tr>
          <tr>
            <th>Responses</th>
            <td>
              JSON in an envelope: <code>{`{"status": "success" | "error", "message": "…", "data": …}`}</code>. Only <code>/countries</code> (a Laravel
              paginator) and <code>/openapi.json</code> are bare.
            </td>
          </tr>
          <tr>
            <th>Amounts</th>
            <td>
              JSON numbers with at most 2 decimals, in the currency&apos;s units (<code>1000</code> XOF, <code>25.5</code> KES). The fee is added on top:{" "}
              <code>charged_amount = amount + fee</code>.
            </td>
          </tr>
          <tr>
            <th>Retries</th>
            <td>
              Send an <code>Idempotency-Key</code> header with payins and payouts; a retried request with the same key and body returns the first
              response instead of paying twice.
            </td>
          </tr>
          <tr>
            <th>Final state</th>
            <td>
              Webhooks tell you something changed; before delivering goods or closing a payout, read the transaction with{" "}
              <code>GET /api/v1/merchant/transactions/{"{id}"}</code>.
            </td>
          </tr>
        </tbody>
      </Table>

      <h2 id="machine-readable">Machine-readable contract</h2>
      <p>
        The OpenAPI 3.1 document at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> is generated from the very schemas the server validates
        requests with, and Sika&apos;s own test suite checks every response it sees against it. Import it into Postman or Insomnia, or generate a
        client from it — see <Link href="/docs/typescript">TypeScript client</Link>.
      </p>
    </>
  );
}
