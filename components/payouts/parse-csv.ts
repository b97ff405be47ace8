/**
 * The bulk payout file: a header line naming the columns (any order, any case) and one
 * line per payout. RFC 4180 quoting ("a, b", "say ""hi"""); comma or semicolon separated
 * (spreadsheets in French locales write semicolons).
 */
export const BULK_COLUMNS = ["phone", "amount", "currency", "country", "network", "name", "order_id"] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export type BulkCsvRow = Record<BulkColumn, string>;

function splitLines(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ""));
}

export function parseBulkCsv(text: string): { rows: BulkCsvRow[]; missing: BulkColumn[] } {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? "";
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const [header = [], ...lines] = splitLines(clean, sep);
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase().replace(/[\s-]+/g, "_"), i]));
  const missing = BULK_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) return { rows: [], missing };
  const rows = lines.map((cells) => Object.fromEntries(BULK_COLUMNS.map((c) => [c, (cells[index.get(c)!] ?? "").trim()])) as BulkCsvRow);
  return { rows, missing };
}

export const SAMPLE_CSV = "phone,amount,currency,country,network,name,order_id\n+2250700000001,1500,XOF,CI,mtn,Awa Diop,salary-001\n";
