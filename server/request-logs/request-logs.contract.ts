import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";
import { cursorListSchema, cursorQueryFields, isoDateTimeQuery } from "../contracts/cursor-list";
import { createdRange } from "../calendar";
import { errors } from "../errors";
import { requestLogSchema, requestLogSummarySchema } from "./api-views";
import { STATUS_CLASSES, type RequestLogFilters } from "./list-request-logs";

export const listRequestLogsQuery = z.object({
  status_class: z.enum(STATUS_CLASSES).optional(),
  path: z.string().min(1).max(200).startsWith("/", "The path field must start with /.").optional().describe("Paths starting with this."),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
  api_key_id: z.string().min(1).max(100).optional(),
  transaction_id: z.string().min(1).max(100).optional(),
  created_from: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the start of that day (UTC)."),
  created_to: isoDateTimeQuery.optional().describe("Inclusive. A date alone means the whole of that day (UTC)."),
  ...cursorQueryFields,
});

export function requestLogFilters(q: z.output<typeof listRequestLogsQuery>): RequestLogFilters {
  return {
    statusClass: q.status_class,
    path: q.path,
    method: q.method,
    apiKeyId: q.api_key_id,
    transactionId: q.transaction_id,
    ...createdRange(q.created_from, q.created_to),
  };
}

const example = {
  id: "rql_01JD3W6V0XQ0G1TRG3X7N5YB2K",
  created_at: "2026-03-02T10:15:00.000Z",
  method: "POST",
  path: "/api/v1/merchant/payin",
  query: "",
  status: 200,
  duration_ms: 12.4,
  request_id: "req_6f1c5c1e-8a0c-4a53-9f43-2f3f5b1d0a11",
  idempotency_key: "order-1042",
  client_address: "203.0.113.7",
  api_key: { id: "key_01JD3W5Q6S1T2V3W4X5Y6Z7A8B", prefix: "sk_test_AbCd" },
  transaction_id: "pi_01JD3W6V0XQ0G1TRG3X7N5YB2M",
};

/** GET /api/v1/merchant/request-logs. */
export const listRequestLogsContract = defineOperation({
  path: "/api/v1/merchant/request-logs",
  method: "GET",
  request: { auth: "merchant", query: listRequestLogsQuery },
  operationId: "listRequestLogs",
  tag: "Developers",
  summary: "List request logs",
  description:
    "Every /api/v1 request made with one of your keys in the key's mode, newest first, kept 30 days: method, path, status, duration, request id, Idempotency-Key, client address and the key's prefix. Filter by status class, path prefix, method, key, transaction and created range. Entries appear within about a second (they are written in batches).",
  success: {
    description: "A page of request log entries",
    schema: cursorListSchema(requestLogSummarySchema).openapi("RequestLogList"),
    enveloped: false,
    example: { status: "success", message: "Request logs retrieved", data: [example], next_cursor: null, meta: { per_page: 20 } },
  },
});

export const requestLogIdParams = z.object({ id: z.string().min(1).max(100) });

/** GET /api/v1/merchant/request-logs/{id}. */
export const getRequestLogContract = defineOperation({
  path: "/api/v1/merchant/request-logs/{id}",
  method: "GET",
  request: { auth: "merchant", params: requestLogIdParams },
  operationId: "getRequestLog",
  tag: "Developers",
  summary: "Get a request log entry",
  description: "One entry with the request and response bodies, secrets redacted (`Authorization` is never stored; passwords, PINs, OTP codes and `whsec_`/`sk_` values are replaced by `[redacted]`).",
  success: {
    description: "The entry",
    schema: requestLogSchema,
    message: "Request log retrieved",
    example: { ...example, request_body: '{"amount":1000,"currency":"XOF"}', response_body: '{"status":"success","message":"Payin initiated","data":{}}' },
  },
  errors: [{ key: "request_log_not_found", summary: "No such entry for this merchant and mode (or older than 30 days)", error: errors.notFound("Request log not found") }],
});

