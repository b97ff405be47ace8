import { z } from "./zod";
import { errors } from "../errors";
import { amountLimitsDataSchema, type ErrorCase } from "./envelope";

/**
 * What one /api/v1 operation promises, in one object that sits beside its service
 * (`server/<domain>/<verb>.contract.ts`): the request schemas the route's `endpoint()`
 * validates with (the route passes `contract.request` itself), the success shape, the
 * domain errors and the prose. server/openapi/ builds the document from these objects;
 * nothing here knows about app/.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestSpec {
  auth: "merchant" | "none";
  /** Restricted keys (issue 22): "full" for operations a read-only key may never use; default GET read, else write. */
  keyAccess?: "read" | "write" | "full";
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

export interface OperationContract<R extends RequestSpec = RequestSpec> {
  /** OpenAPI path template: the route folder with `[param]` written `{param}`. */
  path: string;
  method: HttpMethod;
  /** Passed as is to the route's `endpoint()`: the document and the handler share it. */
  request: R;
  operationId: string;
  tag: "Payments" | "Transactions" | "Account" | "Catalog" | "Meta" | "Developers" | "Test mode";
  summary: string;
  description: string;
  requestExample?: unknown;
  /** Request headers a handler reads itself (not part of its zod spec). */
  headers?: z.ZodObject;
  success: {
    description: string;
    schema: z.ZodType;
    example: unknown;
    message?: string;
    enveloped?: boolean;
    headers?: z.ZodObject;
    /** Other media types the same 200 can answer (a query parameter chooses), e.g. text/csv. */
    alternatives?: Record<string, { schema: z.ZodType; example?: unknown }>;
  };
  /** Domain errors beyond the automatic ones (401, 400 JSON, 422, 429, 500). */
  errors?: ErrorCase[];
}

/** Keeps the request spec's precise type, so `endpoint(contract.request, …)` infers body/query/params. */
export function defineOperation<R extends RequestSpec>(contract: OperationContract<R>): OperationContract<R> {
  return contract;
}

/** Error cases and headers several payment operations share. */
export const limitsError: ErrorCase = {
  key: "amount_out_of_limits",
  summary: "Processed amount outside the country/currency limits",
  error: errors.amountOutOfLimits({ amount: 100, min_amount: 500, max_amount: 1500000, currency: "XOF" }, "CI"),
  data: amountLimitsDataSchema,
};
export const networkUnavailableError: ErrorCase = {
  key: "network_unavailable",
  summary: "Live mode: no connector is configured for this network; no money moved",
  error: errors.networkUnavailable(),
};
export const idempotencyConflictError: ErrorCase = {
  key: "idempotency_conflict",
  summary: "Idempotency-Key reused with a different body within 24 h",
  error: errors.idempotencyConflict(),
};

export const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "Any unique string (a UUID). The same key and body within 24 h replays the first response (with `Idempotent-Replayed: true`); the same key with another body answers 409.",
    ),
});
export const replayedHeader = z.object({
  "Idempotent-Replayed": z.literal("true").optional().describe("Present when this response replays an earlier request with the same Idempotency-Key."),
});
