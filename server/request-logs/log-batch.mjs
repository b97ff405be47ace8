/**
 * A request-log batch as it travels to its writer: columns (one array per field), not one
 * object per entry. Posting a batch to the writer thread (copy-thread.mjs) copies arrays of
 * strings and numbers, about 1 µs an entry on the API's thread; building the rows and the
 * COPY payload there first cost it 6-8 µs an entry (redaction scans, escaping, and flattening
 * the ~500 KB text the structured clone copies), a tenth of a status read (docs/benchmarks.md,
 * 2026-11-29 morning). So the rows are built where the batch is written: on the writer
 * thread, or in process when there is none (PGlite's JSON statement, the pool's fallback).
 * Plain JavaScript (types in log-batch.d.mts) because the thread loads it without a
 * TypeScript loader.
 */
import { CopyBinaryWriter } from "./copy-binary.mjs";
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

/** PostgreSQL's text cannot hold NUL: left out of what the client chose (bodies: redact.mjs's cap). */
const noNul = (s) => (s.indexOf("\u0000") === -1 ? s : s.replaceAll("\u0000", ""));

/**
 * Entry `i` as the row stored (without `created_at`, which each writer spells its way):
 * bodies redacted and capped, long fields cut, NUL left out, a duration that is not a
 * number 0, the touched transaction found.
 */
function rowAt(b, i) {
  const path = b.path[i];
  const responseText = b.responseText[i];
  return {
    id: b.id[i],
    merchant_id: b.merchantId[i],
    mode: b.mode[i],
    api_key_id: b.apiKeyId[i],
    method: b.method[i],
    path: noNul(path.slice(0, 2048)),
    query: noNul(b.query[i].slice(0, 4096)),
    status: b.status[i],
    duration_ms: Number.isFinite(b.durationMs[i]) ? b.durationMs[i] : 0,
    request_id: b.requestId[i],
    idempotency_key: b.idempotencyKey[i] == null ? null : noNul(b.idempotencyKey[i].slice(0, 255)),
    client_address: b.clientAddress[i] == null ? null : noNul(b.clientAddress[i]),
    request_body: redactBody(b.requestText[i]),
    response_body: redactBody(responseText),
    transaction_id: transactionIdOf(path, responseText),
  };
}

/** The batch's rows (the PGlite JSON statement), `created_at` as ISO text. */
export function rowsOf(b) {
  return b.id.map((_, i) => Object.assign(rowAt(b, i), { created_at: new Date(b.at[i]).toISOString() }));
}

/**
 * How each column is written in COPY's binary form (copy-binary.mjs), by COLUMNS' position:
 * `mode` is an enum, whose binary form is its label's text.
 */
export const BINARY_TYPES = COLUMNS.map((c) => (c === "status" ? "int4" : c === "duration_ms" ? "float4" : c === "created_at" ? "timestamptz" : "text"));

/** The batch as the payload of `COPY request_logs (COLUMNS) FROM STDIN WITH (FORMAT binary)`. */
export function copyBinaryOf(b) {
  const out = new CopyBinaryWriter(b.id.length * 1024);
  for (let i = 0; i < b.id.length; i++) {
    const row = rowAt(b, i);
    out.row(COLUMNS.length);
    for (let c = 0; c < COLUMNS.length; c++) {
      const kind = BINARY_TYPES[c];
      const v = row[COLUMNS[c]];
      if (kind === "text") out.text(v);
      else if (kind === "int4") out.int4(v);
      else if (kind === "float4") out.float4(v);
      else out.timestamptz(b.at[i]);
    }
  }
  return out.finish();
}
