import type { ReactNode } from "react";
import { coverage } from "@/server/catalog/coverage";
import { Table } from "../../_components/code-block";
import { sampleAnswer, specialNetworks } from "./sample-answer";

/** The curl sample that finalizes a PIN payin, shared by both languages. */
export const finalizeCurl = `curl -s -X POST "$SIKA_URL/api/v1/merchant/transactions/pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D/finalize" \\
  -H "Authorization: Bearer $SIKA_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "otp": "4821" }'`;

/** The USSD code Orange Senegal customers dial. */
export const senegalOrangeUssd = () => coverage.find((c) => c.code === "SN")!.networks.find((n) => n.id === "orange")!.ussdCode;

/**
 * One card per network with an authorization step, showing what the API answers for a sample amount.
 * `countryName` localizes the country label; `instructionsLang` marks the (English) instructions HTML when the page is in another language.
 */
export function NetworkCards({
  origin,
  countryName = (_code, name) => name,
  instructionsLang,
}: {
  origin: string;
  countryName?: (code: string, fallback: string) => string;
  instructionsLang?: string;
}) {
  return (
    <div className="my-4 grid gap-3">
      {specialNetworks().map(({ country, network }) => {
        const answer = sampleAnswer(country.code, network.id, origin);
        return (
          <section key={`${country.code}-${network.id}`} className="rounded-lg border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-semibold text-slate-900">{network.name}</span>
              <span className="text-xs text-slate-500">
                {countryName(country.code, country.name)} · <code>{network.id}</code>
              </span>
              <span className="ml-auto text-xs">
                <code>auth_mode: {answer.authMode ? `"${answer.authMode}"` : "null"}</code>
                {answer.redirectUrl ? <code className="ml-1">redirect_url</code> : null}
              </span>
            </div>
            {answer.instructions ? (
              <div
                lang={instructionsLang}
                className="mt-2 rounded border-l-4 border-sky-300 bg-sky-50/60 px-3 py-1 text-[0.8125rem] [&_p]:my-1"
                dangerouslySetInnerHTML={{ __html: answer.instructions }}
              />
            ) : answer.redirectUrl ? (
              <div className="mt-2 text-xs text-slate-600">
                redirect_url: <code>{answer.redirectUrl}</code>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/**
 * The table of what the creation response says and what to do: the response cells are code, shared; the headers,
 * the word for "set" and the action cells are in the page's own language.
 */
export function AuthModeTable(props: {
  headers: [string, string];
  setWord: string;
  onNull: ReactNode;
  onConfirm: ReactNode;
  onPin: ReactNode;
  onRedirect: ReactNode;
}) {
  return (
    <Table>
      <thead>
        <tr>
          <th>{props.headers[0]}</th>
          <th>{props.headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>
            <code>auth_mode: null</code>, <code>redirect_url: null</code>
          </td>
          <td>{props.onNull}</td>
        </tr>
        <tr>
          <td>
            <code>auth_mode: &quot;confirm&quot;</code>
          </td>
          <td>{props.onConfirm}</td>
        </tr>
        <tr>
          <td>
            <code>auth_mode: &quot;pin&quot;</code>
          </td>
          <td>{props.onPin}</td>
        </tr>
        <tr>
          <td>
            <code>redirect_url</code>
            {` ${props.setWord}`}
          </td>
          <td>{props.onRedirect}</td>
        </tr>
      </tbody>
    </Table>
  );
}
