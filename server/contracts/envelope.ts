import { z } from "./zod";
import { AppError, errors } from "../errors";

/**
 * The response envelope of interface 2.1 as zod schemas, for the OpenAPI document and the
 * contract tests. Error examples are built by calling the very `errors.*` factories the
 * services throw, so a message changed in server/errors.ts changes the document with it.
 */
export function successEnvelope<T extends z.ZodType>(data: T, message: string) {
  return z.strictObject({
    status: z.literal("success"),
    message: z.string().meta({ example: message }),
    data,
  });
}

/** Field name (dotted for nested fields) to its messages, Laravel style (D5). */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({
    description: "Field name (dotted for nested fields, e.g. `metadata.phone_number`) to the list of its messages.",
    example: { amount: ["The amount field is required."], "metadata.phone_number": ["The metadata.phone_number field is required."] },
  });

export const amountLimitsDataSchema = z.strictObject({
  amount: z.number().describe("The processed amount (after rounding) that broke the limits."),
  min_amount: z.number(),
  max_amount: z.number(),
  currency: z.string(),
});

export const insufficientBalanceDataSchema = z.strictObject({
  required_amount: z.number().describe("amount + fee"),
  available_balance: z.number(),
  currency: z.string(),
});

/** An error case an operation can answer: the thrown error and, when not null, its data. */
export interface ErrorCase {
  /** Key of the example in the document (`invalid_json`, `kyc_required`…). */
  key: string;
  summary: string;
  error: AppError;
  data?: z.ZodType;
}

export const commonErrorCases = {
  unauthenticated: { key: "unauthenticated", summary: "Missing, malformed, unknown or revoked API key", error: errors.unauthenticated() },
  rateLimited: { key: "rate_limited", summary: "Too many requests for this API key (see Retry-After)", error: errors.rateLimited(1) },
  invalidJson: { key: "invalid_json", summary: "The body is not valid JSON", error: errors.invalidJson() },
  validation: {
    key: "validation_failed",
    summary: "A field is missing or invalid",
    error: errors.validation({
      amount: ["The amount field is required."],
      "metadata.phone_number": ["The metadata.phone_number field is required."],
    }),
    data: fieldErrorsSchema,
  },
  internal: { key: "internal", summary: "Unexpected error (never a stack trace)", error: new AppError("internal", "Internal server error") },
  serviceUnavailable: {
    key: "service_unavailable",
    summary: "The database is unavailable (restarting, unreachable): nothing was stored; retry after Retry-After, with the same Idempotency-Key",
    error: errors.serviceUnavailable(1),
  },
  transactionNotFound: {
    key: "transaction_not_found",
    summary: "No such transaction for this merchant and mode",
    error: errors.transactionNotFound(),
  },
} satisfies Record<string, ErrorCase>;

/** The body of an error response: what `errorResponse()` in server/http/envelope.ts writes. */
export function errorBody(err: AppError) {
  return { status: "error" as const, message: err.message, data: err.data ?? null, ...(err.detail ? { detail: err.detail } : {}) };
}

/** One status code's error envelope: message and data as the cases at that status allow. */
export function errorEnvelope(cases: ErrorCase[]) {
  const dataSchemas = [...new Set(cases.map((c) => c.data ?? null))];
  const variants = dataSchemas.map((d) => (d === null ? z.null() : d));
  const data = variants.length === 1 ? variants[0] : z.union(variants as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  const messages = [...new Set(cases.map((c) => c.error.message))];
  return z.strictObject({
    status: z.literal("error"),
    message: z.string().meta({ description: `One of: ${messages.map((m) => `\`${m}\``).join(", ")}.`, example: messages[0] }),
    data,
    detail: detailField,
  });
}

/** How to fix the request, beside the interface's fixed message (an extra field: clients may ignore it). */
const detailField = z
  .string()
  .optional()
  .describe("When present: one sentence saying how to fix the request (e.g. how to send the API key).");

/** Any error envelope (unknown paths, wrong methods): the shape every error shares. */
export const anyErrorEnvelope = z.strictObject({
  status: z.literal("error"),
  message: z.string(),
  data: z.union([z.null(), z.record(z.string(), z.unknown())]),
  detail: detailField,
}).openapi("ErrorEnvelope");
