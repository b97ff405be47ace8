import { sandboxNumbers, sandboxOutcomeTable } from "@/server/catalog/sandbox-numbers";
import type { Locale } from "@/components/i18n/messages";
import { Table } from "./code-block";

/**
 * The sandbox tables of the test-mode and testing guides, in either language: the
 * outcome of each last-4-digits ending (cells drawn by the page) and the numbers by country.
 */
type OutcomeRow = ReturnType<typeof sandboxOutcomeTable>[number];

const HEAD = {
  en: { ends: "Ends in", payin: "Payin", payout: "Payout", other: "anything else" },
  fr: { ends: "Se termine par", payin: "Encaissement", payout: "Décaissement", other: "autre chose" },
};

export function OutcomeTable({ lang, cell }: { lang: Locale; cell: (row: OutcomeRow, side: "payin" | "payout") => React.ReactNode }) {
  const h = HEAD[lang];
  return (
    <Table>
      <thead>
        <tr>
          <th>{h.ends}</th>
          <th>{h.payin}</th>
          <th>{h.payout}</th>
        </tr>
      </thead>
      <tbody>
        {sandboxOutcomeTable().map((r) => (
          <tr key={r.suffix}>
            <td>{r.suffix === "anything else" ? h.other : <code>{r.suffix}</code>}</td>
            <td>{cell(r, "payin")}</td>
            <td>{cell(r, "payout")}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const NUMBERS_HEAD = {
  en: ["Country", "Successful", "Failed (0001)", "Cancelled (0002)", "Pending (0003)"],
  fr: ["Pays", "Réussi", "Échoué (0001)", "Annulé (0002)", "En attente (0003)"],
};

export function NumbersTable({ lang }: { lang: Locale }) {
  const name = (code: string, fallback: string) => (lang === "fr" ? (new Intl.DisplayNames(["fr"], { type: "region" }).of(code) ?? fallback) : fallback);
  return (
    <Table>
      <thead>
        <tr>
          {NUMBERS_HEAD[lang].map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sandboxNumbers().map((n) => (
          <tr key={n.countryCode}>
            <td className="whitespace-nowrap">
              <span className="font-medium text-slate-900">{n.countryCode}</span> <span className="text-slate-500">{name(n.countryCode, n.countryName)}</span>
            </td>
            {[n.successful, n.bySuffix["0001"], n.bySuffix["0002"], n.bySuffix["0003"]].map((number) => (
              <td key={number}>
                <code>{number}</code>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
