import { z } from "../contracts/zod";
import type { RequestLogItem } from "./list-request-logs";

/** The API's snake_case view of a request log entry (bodies only in the detail). */
const summaryFields = {
    id: z.string(),
    created_at: z.string(),
    method: z.string(),
    path: z.string(),
    query: z.string().describe("The query string without `?`."),
    status: z.int(),
    duration_ms: z.number(),
    request_id: z.string().describe("The `X-Request-Id` the response carried."),
    idempotency_key: z.string().nullable(),
    client_address: z.string().nullable(),
    api_key: z.strictObject({ id: z.string(), prefix: z.string().nullable().describe("The key's display prefix, e.g. `sk_test_AbCd`.") }),
    transaction_id: z.string().nullable().describe("The transaction the request touched, when there is one."),
};

export const requestLogSummarySchema = z.strictObject(summaryFields).openapi("RequestLogSummary");

export const requestLogSchema = z
  .strictObject({
    ...summaryFields,
    request_body: z.string().nullable().describe("As received, secrets redacted, at most 16 KB."),
    response_body: z.string().nullable().describe("As answered, secrets redacted, at most 16 KB."),
  })
  .openapi("RequestLog");

export function requestLogSummaryView(r: RequestLogItem): z.output<typeof requestLogSummarySchema> {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    method: r.method,
    path: r.path,
    query: r.query,
    status: r.status,
    duration_ms: r.durationMs,
    request_id: r.requestId,
    idempotency_key: r.idempotencyKey,
    client_address: r.clientAddress,
    api_key: { id: r.apiKeyId, prefix: r.apiKeyPrefix },
    transaction_id: r.transactionId,
  };
}

export function requestLogView(r: RequestLogItem): z.output<typeof requestLogSchema> {
  return { ...requestLogSummaryView(r), request_body: r.requestBody, response_body: r.responseBody };
}
