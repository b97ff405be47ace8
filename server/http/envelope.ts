import { AppError } from "../errors";
import { TextResponse, leanResponsesEnabled } from "./lean-fetch";

/** The response envelope of interface 2.1 and its JSON responses. */
export interface Envelope<T> {
  status: "success" | "error";
  message: string;
  data: T;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const init = { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } };
  // The lean server writes the text itself; Next.js gets an ordinary Response.
  return leanResponsesEnabled() ? new TextResponse(JSON.stringify(body), init) : new Response(JSON.stringify(body), init);
}

export function success<T>(data: T, message = "Success", status = 200): Response {
  const body: Envelope<T> = { status: "success", message, data };
  return json(body, status);
}

export function errorResponse(err: AppError): Response {
  const body: Envelope<unknown> & { detail?: string } = { status: "error", message: err.message, data: err.data ?? null };
  if (err.detail) body.detail = err.detail;
  return json(body, err.status, err.headers);
}
