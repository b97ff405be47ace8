/**
 * What an endpoint produces, whoever serves it (issue 26): a status, headers and the body
 * text. The lean node:http entry writes it as it is (node-server.ts); Next's adapter turns
 * it into a Fetch Response (`toFetchResponse`). Building a Response and reading it back
 * cost ~50 µs a request on node 20 (undici builds a web stream for every body), more than
 * all of our own code on a status read.
 */
export interface ApiResult {
  status: number;
  /** Names as written (case-insensitive on the wire); set with `setHeader` to replace one. */
  headers: Record<string, string>;
  body: string;
}

/** Sets `name` (any case) to `value`, replacing a header of that name in another case. */
export function setHeader(result: ApiResult, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const k of Object.keys(result.headers)) if (k !== name && k.toLowerCase() === lower) delete result.headers[k];
  result.headers[name] = value;
}

/** The header `name` (any case), or undefined. */
export function headerOf(result: ApiResult, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const k in result.headers) if (k.toLowerCase() === lower) return result.headers[k];
  return undefined;
}

/** Next's side (and tests calling a route module): the result as a Fetch Response. */
export function toFetchResponse(result: ApiResult, method = "GET"): Response {
  return new Response(method === "HEAD" ? null : result.body, { status: result.status, headers: result.headers });
}
