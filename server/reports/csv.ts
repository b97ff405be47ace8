/**
 * The one CSV writer of every export (issue 19 §7): the transactions export, the statement
 * file, and whatever comes next (audit log, bank transfer files).
 *
 *   toCsv(rows, columns)       the whole file: header line + one line per row
 *   csvHeader(columns)         the header line alone   } for exports streamed page by page
 *   csvRows(rows, columns)     the lines of some rows  }
 *   csvLine(cells)             one line from raw cells
 *   csvCell(value)             one cell
 *
 * Lines end with CRLF (RFC 4180). A cell is quoted when it holds `"`, `,`, `;` (French-locale
 * spreadsheets split on `;`), a tab, CR or LF; quotes inside are doubled. A cell a spreadsheet
 * would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR, OWASP "CSV injection")
 * is prefixed with `'`, except a plain number such as `-1500.00`, which must stay a number so
 * the sheet can sum it. Dates are written as ISO 8601, bigints and numbers as they are.
 */
/**
 * In front of a CSV that a person downloads from the dashboard or the console to open in a
 * spreadsheet: without it Excel reads a UTF-8 file in the PC's code page (Windows-1252 on a
 * French one), and "Awa Koné, Côte d'Ivoire" shows as "Awa KonÃ©, CÃ´te d'Ivoire". Not in
 * front of what software reads (the API's statement CSV, the bank transfer file): a
 * parser that does not expect it would read the first column as "\uFEFFid".
 */
export const SPREADSHEET_BOM = "\uFEFF";

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\n\r]/;

export function csvCell(value: CsvValue): string {
  let v = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(v) && !PLAIN_NUMBER.test(v)) v = `'${v}`;
  return NEEDS_QUOTES.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvLine(columns.map((c) => c.header));
}

export function csvRows<T>(rows: Iterable<T>, columns: readonly CsvColumn<T>[]): string {
  let out = "";
  for (const row of rows) out += csvLine(columns.map((c) => c.value(row)));
  return out;
}

export function toCsv<T>(rows: Iterable<T>, columns: readonly CsvColumn<T>[]): string {
  return csvHeader(columns) + csvRows(rows, columns);
}
