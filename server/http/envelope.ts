import { AppError } from "../errors";

/** The response envelope of interface 2.1 and its JSON responses. */
export interface Envelope<T> {
  status: "success" | "error";
  message: string;
  data: T;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function success<T>(data: T, message = "Success", status = 200): Response {
  const body: Envelope<T> = { status: "success", message, data };
  return json(body, status);
}

export function errorResponse(err: AppError): Response {
  const body: Envelope<unknown> = { status: "error", message: err.message, data: err.data ?? null };
  return json(body, err.status, err.headers);
}
