import { errors } from "../errors";
import { errorBody } from "../contracts/envelope";
import { openApiDocument } from "./document";

/**
 * Every error the API can answer, read back from the OpenAPI document (whose examples are
 * built from the errors.* factories), with the operations that can answer it. The errors
 * guide renders this, so it lists exactly what the document and the code say.
 */
export interface ErrorEntry {
  key: string;
  status: number;
  summary: string;
  body: { status: "error"; message: string; data: unknown };
  operations: string[];
}

type Examples = Record<string, { summary?: string; value: ErrorEntry["body"] }>;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: { "application/json"?: { examples?: Examples } } }> }>> };

export function errorCatalog(): ErrorEntry[] {
  const doc = openApiDocument() as unknown as Doc;
  const byKey = new Map<string, ErrorEntry>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [key, ex] of Object.entries(response.content?.["application/json"]?.examples ?? {})) {
          const entry = byKey.get(key) ?? { key, status: Number(status), summary: ex.summary ?? "", body: ex.value, operations: [] };
          entry.operations.push(`${method.toUpperCase()} ${path}`);
          byKey.set(key, entry);
        }
      }
    }
  }
  // Not attached to an operation: the router's own answers.
  byKey.set("route_not_found", { key: "route_not_found", status: 404, summary: "No endpoint at this path", body: errorBody(errors.notFound()), operations: ["any unknown /api/v1 path"] });
  byKey.set("method_not_allowed", {
    key: "method_not_allowed",
    status: 405,
    summary: "The path exists but not with this method",
    body: errorBody(errors.methodNotAllowed()),
    operations: ["any documented path, another method"],
  });
  return [...byKey.values()].sort((a, b) => a.status - b.status || a.key.localeCompare(b.key));
}

/** D5: when one request breaks several rules, the first of these answers. */
export const errorPrecedence = [
  "authentication (401)",
  "JSON body (400)",
  "validation (422)",
  "idempotency conflict (409)",
  "amount limits (400)",
  "KYC (403)",
  "balance (400)",
  "network availability (503)",
];
