import { ErrorsTable, PrecedenceList, UnauthenticatedSample, ValidationSample, amountLimitsMessage, errorEntries } from "./shared";

/** Erreurs, en français : les messages, résumés et règles de priorité viennent du catalogue (en anglais, marqués comme tels). */
export function ErrorsFr() {
  const { entries, validation } = errorEntries();
  return (
    <>
      <h1>Erreurs</h1>
      <p>
        Toutes les erreurs utilisent la même enveloppe, avec <code>status: &quot;error&quot;</code>, un <code>message</code> lisible et <code>data</code>{" "}
        (<code>null</code>, ou des détails). Décidez selon le statut HTTP et le message : les deux sont stables. Quand le message seul ne dit pas quoi
        corriger, une phrase <code>detail</code> le dit (lisez-la, affichez-la dans vos journaux ; ne fondez pas de décision dessus) :
      </p>
      <UnauthenticatedSample />
      <ul>
        <li>
          <code>401</code> : pas de clé (<code>No API key: …</code>), ou une clé envoyée sans <code>Bearer </code> ; la réponse porte aussi{" "}
          <code>WWW-Authenticate: Bearer</code>.
        </li>
        <li>
          <code>400 Invalid JSON body</code> pour un corps encodé en formulaire (le <code>-d</code> de curl sans <code>Content-Type</code> JSON) : le
          détail dit d&apos;envoyer du JSON avec <code>Content-Type: application/json</code>. Pour un JSON qui ne se lit pas, il dit où il casse (
          <code>The body is not valid JSON: expected double-quoted property name at line 4, column 1.</code>, une virgule en trop), sans citer
          votre corps.
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
      <ErrorsTable entries={entries} whenHeading="Quand" summary={(e) => <span lang="en">{e.summary}</span>} />
      <p className="text-sm text-slate-500">
        Les messages de l&apos;erreur de plafonds de montant portent les vrais chiffres :{" "}
        {amountLimitsMessage}.
      </p>

      <h2 id="validation">Erreurs de validation (422)</h2>
      <p>
        <code>data</code> associe chaque champ — les champs imbriqués avec des points, comme <code>metadata.phone_number</code> — à une liste de messages,
        tous à la fois, pour que vous puissiez les afficher à côté des champs de votre formulaire. Par exemple, un encaissement au corps vide :
      </p>
      <ValidationSample validation={validation} />

      <h2 id="precedence">Quand plusieurs choses ne vont pas</h2>
      <p>Une requête reçoit une seule erreur : la première qui s&apos;applique, dans cet ordre (en anglais).</p>
      <PrecedenceList lang="en" />

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
