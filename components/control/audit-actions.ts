import type { MessageKey } from "@/components/i18n/messages";
import { SPREADSHEET_BOM } from "@/server/reports/csv";

/** The audit log's actions (server/vocabulary.ts), each with its words in messages/*.json (`control.actions.<action with _>`). */
export { AUDIT_ACTIONS } from "@/server/vocabulary";

export const actionKey = (action: string) => `control.actions.${action.replaceAll(".", "_")}` as MessageKey;

/** "rate_bps: 150 → 200", "url: https://a → https://b": what changed, in one short line per field. */
export function describeChange(before: unknown, after: unknown): string[] {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const text = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return keys.flatMap((k) => {
    if (!(k in b)) return [`${k}: ${text(a[k])}`];
    if (!(k in a)) return [`${k}: ${text(b[k])}`];
    return text(b[k]) === text(a[k]) ? [] : [`${k}: ${text(b[k])} → ${text(a[k])}`];
  });
}

/** Saves a CSV as a file in the browser (the audit exports), readable by a spreadsheet (SPREADSHEET_BOM). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([SPREADSHEET_BOM, text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
