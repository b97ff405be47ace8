import { readCappedText } from "./body-limit";
import type { HeaderReader } from "./raw-headers";

/**
 * What an endpoint sees of its request, whoever serves it (issue 26): the lean node:http
 * entry builds one from node's IncomingMessage (node-request.ts) without any Fetch object,
 * Next's adapter from its Request (`fetchRequestView`). Both read the body capped at 1 MB
 * (body-limit.ts), and only when asked (after authentication, api-route.ts).
 */
export interface ApiRequest {
  readonly method: string;
  /** As `url.pathname` and `url.search` give them, without parsing the URL on the lean entry. */
  readonly pathname: string;
  readonly search: string;
  /** Parsed once per request, when first asked for. */
  readonly url: URL;
  readonly headers: HeaderReader;
  /** The body as text, read once, capped (413 past 1 MB). */
  text(): Promise<string>;
}

class FetchRequestView implements ApiRequest {
  readonly method: string;
  readonly url: URL;
  readonly pathname: string;
  readonly search: string;
  readonly headers: HeaderReader;
  #text: Promise<string> | undefined;

  constructor(private readonly req: Request) {
    this.method = req.method;
    this.url = new URL(req.url);
    this.pathname = this.url.pathname;
    this.search = this.url.search;
    this.headers = req.headers;
  }

  text(): Promise<string> {
    this.#text ??= readCappedText(this.req);
    return this.#text;
  }
}

/** Next's side: the view of a Fetch Request. */
export function fetchRequestView(req: Request): ApiRequest {
  return new FetchRequestView(req);
}
