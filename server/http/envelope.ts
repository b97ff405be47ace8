import { AppError } from "../errors";
import type { ApiResult } from "./api-result";

/** The response envelope of interface 2.1 and its JSON results (api-result.ts: no Fetch objects). */
export interface Envelope<T> {
  status: "success" | "error";
  message: string;
  data: T;
}

/**
 * `Cache-Control: no-store` unless the endpoint says otherwise: answers carry balances,
 * transactions and keys, which no browser, proxy or CDN on the way may keep (OWASP REST
 * Security; Stripe's API answers the same). The OpenAPI document sets its own.
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): ApiResult {
  return { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }, body: JSON.stringify(body) };
}

export function success<T>(data: T, message = "Success", status = 200): ApiResult {
  const body: Envelope<T> = { status: "success", message, data };
  return json(body, status);
}

export function errorResponse(err: AppError): ApiResult {
  const body: Envelope<unknown> & { detail?: string } = { status: "error", message: err.message, data: err.data ?? null };
  if (err.detail) body.detail = err.detail;
  return json(body, err.status, err.headers);
}
