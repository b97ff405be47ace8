import { guideMetadata } from "../../_components/guide-metadata";
import { ErrorsTable, PrecedenceList, UnauthenticatedSample, ValidationSample, amountLimitsMessage, errorEntries } from "./shared";
import { docsLocale } from "../../_components/docs-locale";
import { ErrorsFr } from "./errors-fr";

export const generateMetadata = guideMetadata("/docs/errors");

export default async function ErrorsPage() {
  if ((await docsLocale()) === "fr") return <ErrorsFr />;
  const { entries, validation } = errorEntries();
  return (
    <>
      <h1>Errors</h1>
      <p>
        Every error uses the same envelope, with <code>status: &quot;error&quot;</code>, a human-readable <code>message</code> and <code>data</code>{" "}
        (<code>null</code>, or details). Branch on the HTTP status and the message; both are stable. Where the message alone would not tell you
        what to change, a <code>detail</code> sentence says it (read it, show it in your logs; do not branch on it):
      </p>
      <UnauthenticatedSample />
      <ul>
        <li>
          <code>401</code>: no key (<code>No API key: …</code>), or a key sent without <code>Bearer </code>; the answer also carries{" "}
          <code>WWW-Authenticate: Bearer</code>.
        </li>
        <li>
          <code>400 Invalid JSON body</code> for a form-encoded body (curl&apos;s <code>-d</code> without a JSON <code>Content-Type</code>): the detail says
          to send JSON with <code>Content-Type: application/json</code>. For JSON that does not parse, it says where it breaks (
          <code>The body is not valid JSON: expected double-quoted property name at line 4, column 1.</code>, a trailing comma), without quoting
          your body.
        </li>
        <li>
          <code>409 Transaction cannot be refunded</code>: the detail says whether the transaction is not a payin (<code>Only payins can be refunded</code>)
          or not successful.
        </li>
      </ul>

      <h2 id="all">Every error</h2>
      <p>Generated from the OpenAPI document, itself generated from the code that raises them.</p>
      <ErrorsTable entries={entries} whenHeading="When" summary={(e) => e.summary} />
      <p className="text-sm text-slate-500">
        Messages of the amount-limits error carry the actual figures: {amountLimitsMessage}.
      </p>

      <h2 id="validation">Validation errors (422)</h2>
      <p>
        <code>data</code> maps each field — nested ones with dots, like <code>metadata.phone_number</code> — to a list of messages, all at once, so you can
        show them next to your form fields. For example, an empty payin body:
      </p>
      <ValidationSample validation={validation} />

      <h2 id="precedence">When several things are wrong</h2>
      <p>One request gets one error: the first that applies, in this order.</p>
      <PrecedenceList />

      <h2 id="handling">Handling them</h2>
      <ul>
        <li>
          <strong>429</strong>: wait for the number of seconds in the <code>Retry-After</code> header, then retry.
        </li>
        <li>
          <strong>500</strong> and <strong>503</strong>, and network errors: retry with the <strong>same</strong> <code>Idempotency-Key</code> — a payment that
          did go through is replayed, never made twice.
        </li>
        <li>
          <strong>4xx</strong> other than 429: fix the request; retrying unchanged gives the same answer.
        </li>
        <li>
          Every response has an <code>X-Request-Id</code> header; quote it when you contact support.
        </li>
      </ul>
    </>
  );
}
