import type { Locale } from "@/components/i18n/messages";
import { Table } from "../../_components/code-block";
import { STABLE_TEST_IDS, timingSettings } from "./facts";

/** The testing guide's two reference tables, in either language. */
export function TimingTable({ lang }: { lang: Locale }) {
  const head = lang === "fr" ? ["Réglage", "Valeur", "Rôle"] : ["Setting", "Now", "What"];
  return (
    <Table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {timingSettings().map((s) => (
          <tr key={s.name}>
            <td>
              <code>{s.name}</code>
            </td>
            <td className="whitespace-nowrap">{s.value}</td>
            <td>{s[lang]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function TestIdTable({ lang }: { lang: Locale }) {
  return (
    <Table>
      <thead>
        <tr>
          <th>data-testid</th>
          <th>{lang === "fr" ? "Élément" : "What"}</th>
        </tr>
      </thead>
      <tbody>
        {STABLE_TEST_IDS.map((t) => (
          <tr key={t.id}>
            <td>
              <code>{t.id}</code>
            </td>
            <td>{t[lang]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
