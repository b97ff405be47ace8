import { TRPCError } from "@trpc/server";
import type { AppError, ErrorCode } from "../errors";

type TrpcCode = ConstructorParameters<typeof TRPCError>[0]["code"];

/** AppError codes → tRPC codes; the message (already written for people) is kept. */
const CODES: Record<ErrorCode, TrpcCode> = {
  unauthenticated: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  kyc_required: "FORBIDDEN",
  email_unverified: "FORBIDDEN",
  two_factor_required: "FORBIDDEN",
  invalid_json: "BAD_REQUEST",
  validation_failed: "BAD_REQUEST",
  not_found: "NOT_FOUND",
  method_not_allowed: "METHOD_NOT_SUPPORTED",
  conflict: "CONFLICT",
  idempotency_conflict: "CONFLICT",
  amount_out_of_limits: "BAD_REQUEST",
  insufficient_balance: "BAD_REQUEST",
  no_webhook_url: "BAD_REQUEST",
  bad_request: "BAD_REQUEST",
  rate_limited: "TOO_MANY_REQUESTS",
  payload_too_large: "PAYLOAD_TOO_LARGE",
  network_unavailable: "SERVICE_UNAVAILABLE",
  service_unavailable: "SERVICE_UNAVAILABLE",
  internal: "INTERNAL_SERVER_ERROR",
};

export function toTRPCError(err: AppError): TRPCError {
  return new TRPCError({ code: CODES[err.code], message: err.message, cause: err });
}
