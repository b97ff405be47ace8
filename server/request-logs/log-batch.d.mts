/** One request-log batch, by column (log-batch.mjs). */
export interface LogBatch {
  id: string[];
  merchantId: string[];
  mode: string[];
  apiKeyId: string[];
  method: string[];
  path: string[];
  query: string[];
  status: number[];
  durationMs: number[];
  requestId: string[];
  idempotencyKey: Array<string | null>;
  clientAddress: Array<string | null>;
  /** As received (redacted when the row is built); null without a body. */
  requestText: Array<string | null>;
  responseText: Array<string | null>;
  /** Epoch milliseconds of the request's start. */
  at: number[];
}
/** A request_logs row by column name (the names are COLUMNS, spelled once in log-batch.mjs). */
export type LogRow = Record<string, string | number | null>;
/** The request_logs columns a batch fills, in the COPY's order. */
export const COLUMNS: readonly string[];
/** Each column's binary COPY form (copy-binary.mjs), by COLUMNS' position. */
export const BINARY_TYPES: readonly ("text" | "int4" | "float4" | "timestamptz")[];
export function emptyBatch(): LogBatch;
export function rowsOf(batch: LogBatch): LogRow[];
/** The payload of a binary COPY of the batch (copy-binary.mjs). */
export function copyBinaryOf(batch: LogBatch): Buffer;
