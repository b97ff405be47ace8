/**
 * The one error type of the domain. Services throw it; the HTTP wrapper and tRPC map it.
 * Anything else that escapes is an unexpected error: 500, details only in the logs.
 */
export type ErrorCode =
  | "unauthenticated"
  | "forbidden"
  | "invalid_json"
  | "validation_failed"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "idempotency_conflict"
  | "amount_out_of_limits"
  | "kyc_required"
  | "email_unverified"
  | "two_factor_required"
  | "insufficient_balance"
  | "no_webhook_url"
  | "bad_request"
  | "rate_limited"
  | "payload_too_large"
  | "network_unavailable"
  | "service_unavailable"
  | "internal";

const httpStatus: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  invalid_json: 400,
  validation_failed: 422,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_conflict: 409,
  amount_out_of_limits: 400,
  kyc_required: 403,
  email_unverified: 403,
  two_factor_required: 403,
  insufficient_balance: 400,
  no_webhook_url: 400,
  bad_request: 400,
  rate_limited: 429,
  payload_too_large: 413,
  network_unavailable: 503,
  service_unavailable: 503,
  internal: 500,
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  /**
   * An extra sentence for the envelope's `detail` field: how to fix the request, where
   * the interface's message is fixed and short ("Unauthenticated", "Invalid JSON body").
   */
  detail: string | undefined;

  constructor(code: ErrorCode, message: string, data: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.data = data;
    this.headers = headers;
  }

  /** The same error with a `detail` sentence (the envelope's extra field). */
  withDetail(detail: string): this {
    this.detail = detail;
    return this;
  }

  get status(): number {
    return httpStatus[this.code];
  }
}

export const errors = {
  unauthenticated: () => new AppError("unauthenticated", "Unauthenticated"),
  forbidden: (message = "Forbidden") => new AppError("forbidden", message),
  invalidJson: () => new AppError("invalid_json", "Invalid JSON body"),
  validation: (fields: FieldErrors) => new AppError("validation_failed", "Validation failed", fields),
  transactionNotFound: () => new AppError("not_found", "Transaction not found"),
  notFound: (message = "Not found") => new AppError("not_found", message),
  methodNotAllowed: () => new AppError("method_not_allowed", "Method not allowed"),
  idempotencyConflict: () =>
    new AppError("idempotency_conflict", "Idempotency key reused with different parameters"),
  kycRequired: () => new AppError("kyc_required", "KYC approval required for live payouts"),
  networkUnavailable: () => new AppError("network_unavailable", "Network unavailable"),
  /** The database is unreachable (or a write's outcome could not be known): retry later. */
  serviceUnavailable: (retryAfterSeconds: number) =>
    new AppError("service_unavailable", "Service unavailable", null, { "Retry-After": String(retryAfterSeconds) }),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError("rate_limited", "Too many requests", null, { "Retry-After": String(retryAfterSeconds) }),
  payloadTooLarge: () => new AppError("payload_too_large", "Payload too large", null, { Connection: "close" }),
  noWebhookUrl: () => new AppError("no_webhook_url", "No webhook URL configured"),
  amountOutOfLimits: (limits: { amount: number; min_amount: number; max_amount: number; currency: string }, countryCode: string) =>
    new AppError(
      "amount_out_of_limits",
      `Amount must be between ${limits.min_amount} and ${limits.max_amount} ${limits.currency} for ${countryCode}`,
      limits,
    ),
  insufficientBalance: (data: { required_amount: number; available_balance: number; currency: string }) =>
    new AppError("insufficient_balance", "Insufficient balance for payout", data),
  cannotFinalize: () => new AppError("conflict", "Transaction cannot be finalized"),
};

/** One field, one message: the common case of a validation error raised by a service. */
export function fieldError(field: string, message: string): AppError {
  return errors.validation({ [field]: [message] });
}
