import { errorCatalog, errorPrecedence, type ErrorEntry } from "@/server/openapi/error-catalog";
import { CodeBlock, Table } from "../../_components/code-block";

/** Ce que contient `data`, en un mot : null, la liste des champs, ou les clés de l'objet de détails. */
function dataShape(e: ErrorEntry): string {
  if (e.body.data === null) return "null";
  if (e.status === 422) return "{ field: [messages] }";
  return `{ ${Object.keys(e.body.data as object).join(", ")} }`;
}

/** Erreurs, en français : les messages, résumés et règles de priorité viennent du catalogue (en anglais, marqués comme tels). */
export function ErrorsFr() {
  const entries = errorCatalog();
  const validation = entries.find((e) => e.key === "validation_failed" && e.operations.some((o) => o.endsWith("/payin")));
  return (
    <>
      <h1>Erreurs</h1>
      <p>
        Toutes les erreurs utilisent la même enveloppe, avec <code>status: &quot;error&quot;</code>, un <code>message</code> lisible et <code>data</code>{" "}
        (<code>null</code>, ou des détails). Décidez selon le statut HTTP et le message : les deux sont stables. Quand le message seul ne dit pas quoi
        corriger, une phrase <code>detail</code> le dit (lisez-la, affichez-la dans vos journaux ; ne fondez pas de décision dessus) :
      </p>
      <CodeBlock
        title="401"
        code={JSON.stringify({ status: "error", message: "Unauthenticated", data: null, detail: "The key must follow the word Bearer: send `Authorization: Bearer sk_test_…`." }, null, 2)}
      />
      <ul>
        <li>
          <code>401</code> : pas de clé (<code>No API key: …</code>), ou une clé envoyée sans <code>Bearer </code> ; la réponse porte aussi{" "}
          <code>WWW-Authenticate: Bearer</code>.
        </li>
        <li>
          <code>400 Invalid JSON body</code> pour un corps encodé en formulaire (le <code>-d</code> de curl sans <code>Content-Type</code> JSON) : le
          détail dit d&apos;envoyer du JSON avec <code>Content-Type: application/json</code>.
        </li>
        <li>
          <code>409 Transaction cannot be refunded</code> : le détail dit si la transaction n&apos;est pas un encaissement (
          <code>Only payins can be refunded</code>) ou n&apos;est pas réussie.
        </li>
      </ul>

      <h2 id="all">Toutes les erreurs</h2>
      <p>
        Générées à partir du document OpenAPI, lui-même généré à partir du code qui les lève. Les descriptions sont celles du catalogue, en anglais.
      </p>
      <Table>
        <thead>
          <tr>
            <th>HTTP</th>
            <th>message</th>
            <th>Quand</th>
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
                <span lang="en">{e.summary}</span>
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
      <p className="text-sm text-slate-500">
        Les messages de l&apos;erreur de plafonds de montant portent les vrais chiffres :{" "}
        <code>Amount must be between {"{min}"} and {"{max}"} {"{currency}"} for {"{country_code}"}</code>.
      </p>

      <h2 id="validation">Erreurs de validation (422)</h2>
      <p>
        <code>data</code> associe chaque champ — les champs imbriqués avec des points, comme <code>metadata.phone_number</code> — à une liste de messages,
        tous à la fois, pour que vous puissiez les afficher à côté des champs de votre formulaire. Par exemple, un encaissement au corps vide :
      </p>
      {validation ? <CodeBlock title="422" code={JSON.stringify(validation.body, null, 2)} /> : null}

      <h2 id="precedence">Quand plusieurs choses ne vont pas</h2>
      <p>Une requête reçoit une seule erreur : la première qui s&apos;applique, dans cet ordre (en anglais).</p>
      <ol lang="en">
        {errorPrecedence.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ol>

      <h2 id="handling">Les traiter</h2>
      <ul>
        <li>
          <strong>429</strong> : attendez le nombre de secondes de l&apos;en-tête <code>Retry-After</code>, puis réessayez.
        </li>
        <li>
          <strong>500</strong> et <strong>503</strong>, et les erreurs réseau : réessayez avec la <strong>même</strong> <code>Idempotency-Key</code> — une
          transaction déjà passée est rejouée, jamais faite deux fois.
        </li>
        <li>
          <strong>4xx</strong> autres que 429 : corrigez la requête ; la réessayer telle quelle donne la même réponse.
        </li>
        <li>
          Chaque réponse a un en-tête <code>X-Request-Id</code> ; citez-le quand vous contactez le support.
        </li>
      </ul>
    </>
  );
}
