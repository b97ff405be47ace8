/**
 * A request-log batch as it travels to its writer: columns (one array per field), not one
 * object per entry. Posting a batch to the writer thread (copy-thread.mjs) copies arrays of
 * strings and numbers, about 1 µs an entry on the API's thread; building the rows and the
 * COPY text there first cost it 6-8 µs an entry (redaction scans, escaping, and flattening
 * the ~500 KB text the structured clone copies), a tenth of a status read (docs/benchmarks.md,
 * 2026-11-29 morning). So the rows are built where the batch is written: on the writer
 * thread, or in process when there is none (PGlite's JSON statement, the pool's fallback).
 * Plain JavaScript (types in log-batch.d.mts) because the thread loads it without a
 * TypeScript loader.
 */
import { redactBody, transactionIdOf } from "./redact.mjs";

/** The request_logs columns a batch fills, in the COPY's order. */
export const COLUMNS = [
  "id",
  "merchant_id",
  "mode",
  "api_key_id",
  "method",
  "path",
  "query",
  "status",
  "duration_ms",
  "request_id",
  "idempotency_key",
  "client_address",
  "request_body",
  "response_body",
  "transaction_id",
  "created_at",
];

/** An empty batch: the arrays write-batch.ts pushes each entry's fields onto. */
export function emptyBatch() {
  return { id: [], merchantId: [], mode: [], apiKeyId: [], method: [], path: [], query: [], status: [], durationMs: [], requestId: [], idempotencyKey: [], clientAddress: [], requestText: [], responseText: [], at: [] };
}

/** Entry `i` as the row stored: bodies redacted and capped, long fields cut, the touched transaction found. */
function rowAt(b, i) {
  const path = b.path[i];
  const responseText = b.responseText[i];
  return {
    id: b.id[i],
    merchant_id: b.merchantId[i],
    mode: b.mode[i],
    api_key_id: b.apiKeyId[i],
    method: b.method[i],
    path: path.slice(0, 2048),
    query: b.query[i].slice(0, 4096),
    status: b.status[i],
    duration_ms: b.durationMs[i],
    request_id: b.requestId[i],
    idempotency_key: b.idempotencyKey[i]?.slice(0, 255) ?? null,
    client_address: b.clientAddress[i],
    request_body: redactBody(b.requestText[i]),
    response_body: redactBody(responseText),
    transaction_id: transactionIdOf(path, responseText),
    created_at: new Date(b.at[i]).toISOString(),
  };
}

/** The batch's rows (the PGlite JSON statement). */
export function rowsOf(b) {
  return b.id.map((_, i) => rowAt(b, i));
}

const SPECIAL = /[\\\n\r\t\u0000]/g;
const HAS_SPECIAL = /[\\\n\r\t\u0000]/;
const ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u0000": "" };

/** One value in COPY's text format: backslash escapes, `\N` for NULL, no NUL (text cannot hold it). */
function field(v) {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "0";
  return HAS_SPECIAL.test(v) ? v.replace(SPECIAL, (c) => ESCAPES[c]) : v;
}

/** The batch as the text of `COPY request_logs (COLUMNS) FROM STDIN`, one line per entry. */
export function copyTextOf(b) {
  const lines = new Array(b.id.length + 1);
  for (let i = 0; i < b.id.length; i++) {
    const row = rowAt(b, i);
    const fields = new Array(COLUMNS.length);
    for (let c = 0; c < COLUMNS.length; c++) fields[c] = field(row[COLUMNS[c]]);
    lines[i] = fields.join("\t");
  }
  lines[b.id.length] = "";
  return lines.join("\n");
}
