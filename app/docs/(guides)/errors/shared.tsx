import { errorCatalog, errorPrecedence, type ErrorEntry } from "@/server/openapi/error-catalog";
import { CodeBlock, Table } from "../../_components/code-block";

/** The errors guide's pieces shared by its English and French pages. */

/** What `data` holds, in a word: null, the field map, or the keys of the details object. */
function dataShape(e: ErrorEntry): string {
  if (e.body.data === null) return "null";
  if (e.status === 422) return "{ field: [messages] }";
  return `{ ${Object.keys(e.body.data as object).join(", ")} }`;
}

/** The catalog's entries, and the 422 example (an empty payin body). */
export function errorEntries() {
  const entries = errorCatalog();
  const validation = entries.find((e) => e.key === "validation_failed" && e.operations.some((o) => o.endsWith("/payin")));
  return { entries, validation };
}

/** The envelope example: a 401 with its `detail`. */
export function UnauthenticatedSample() {
  return (
    <CodeBlock
      title="401"
      code={JSON.stringify({ status: "error", message: "Unauthenticated", data: null, detail: "The key must follow the word Bearer: send `Authorization: Bearer sk_test_…`." }, null, 2)}
    />
  );
}

/** Every error in a table; `whenHeading` and `summary` carry the page's language. */
export function ErrorsTable({ entries, whenHeading, summary }: { entries: ErrorEntry[]; whenHeading: string; summary: (e: ErrorEntry) => React.ReactNode }) {
  return (
    <Table>
      <thead>
        <tr>
          <th>HTTP</th>
          <th>message</th>
          <th>{whenHeading}</th>
          <th>data</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.key}>
            <td>
              <code>{e.status}</code>
            </td>
            <td className="min-w-40">
              <code>{e.body.message}</code>
            </td>
            <td className="min-w-52">
              {summary(e)}
              <details className="mt-1 text-xs text-slate-500">
                <summary className="cursor-pointer">{e.operations.length === 1 ? e.operations[0] : `${e.operations.length} endpoints`}</summary>
                <ul className="!my-1 !pl-4">
                  {e.operations.map((o) => (
                    <li key={o} className="!my-0">
                      <code>{o}</code>
                    </li>
                  ))}
                </ul>
              </details>
            </td>
            <td className="min-w-40 text-xs">
              <code>{dataShape(e)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The amount-limits message, placeholders shown. */
export const amountLimitsMessage = <code>Amount must be between {"{min}"} and {"{max}"} {"{currency}"} for {"{country_code}"}</code>;

/** The 422 example, if the catalog has one. */
export function ValidationSample({ validation }: { validation: ErrorEntry | undefined }) {
  return validation ? <CodeBlock title="422" code={JSON.stringify(validation.body, null, 2)} /> : null;
}

/** The order in which errors win. */
export function PrecedenceList({ lang }: { lang?: string }) {
  return (
    <ol lang={lang}>
      {errorPrecedence.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ol>
  );
}
