import type http from "node:http";
import type { ApiRequest } from "./api-request";
import { readCappedNodeBody } from "./body-limit";
import { RawHeaders } from "./raw-headers";

/**
 * A request target (`/path?query`) in which WHATWG URL parsing changes nothing: no dot
 * segment, percent-escape, backslash or character it would encode in the path, none it
 * would encode in the query, no fragment. Its pathname and search are then the text
 * itself, and the URL object is only built if something asks for it: parsing it cost
 * ~2 % of a status read's thread (tests/unit/request-target.test.ts holds the two
 * together).
 */
const PLAIN_TARGET = /^(\/[A-Za-z0-9_~\-\/]*)(\?[A-Za-z0-9_~\-.!$&()*+,;=:@\/?%]*)?$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The absolute URL of a request; a Host header URL parsing would refuse is replaced. */
export function requestUrl(req: http.IncomingMessage): URL {
  const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : "localhost";
  const target = req.url ?? "/";
  try {
    return new URL(target.startsWith("/") ? `http://${host}${target}` : `http://${host}/${target}`);
  } catch {
    return new URL(`http://${host}/`);
  }
}

/** The pathname and search of a request target, as its parsed URL would give them. */
export function targetParts(req: http.IncomingMessage): { pathname: string; search: string; url?: URL } {
  const plain = PLAIN_TARGET.exec(req.url ?? "");
  if (plain) return { pathname: plain[1], search: plain[2] && plain[2].length > 1 ? plain[2] : "" };
  const url = requestUrl(req);
  return { pathname: url.pathname, search: url.search, url };
}

/**
 * The lean entry's ApiRequest: method, path and query (the URL parsed when asked for),
 * headers and body straight from node's IncomingMessage. Node 20's undici builds a web
 * ReadableStream for every Request body: measured ~150 µs to build a POST Request and
 * read its text, more than all of our own code on a payin. The body stays unread until the endpoint asks (after authentication);
 * what it never reads is discarded by node as it arrives, or the connection is closed.
 */
export class NodeRequestView implements ApiRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly raw: http.IncomingMessage;
  #url: URL | undefined;
  #headers: RawHeaders | undefined;
  #bytes: Promise<Buffer> | undefined;
  /** The route table's pattern, once matched (metrics and the request's span). */
  routeTemplate: string | undefined;

  /** `url`: the request's URL when the caller has it; otherwise worked out here, parsed only when asked for. */
  constructor(raw: http.IncomingMessage, url?: URL) {
    this.raw = raw;
    this.method = raw.method ?? "GET";
    const parts = url ? { pathname: url.pathname, search: url.search, url } : targetParts(raw);
    this.pathname = parts.pathname;
    this.search = parts.search;
    this.#url = parts.url;
  }

  get url(): URL {
    this.#url ??= requestUrl(this.raw);
    return this.#url;
  }

  get headers(): RawHeaders {
    this.#headers ??= new RawHeaders(this.raw.rawHeaders);
    return this.#headers;
  }

  /** True once the endpoint started reading the body. */
  get bodyRead(): boolean {
    return this.#bytes !== undefined;
  }

  /** The body, read once, capped (413 past 1 MB). */
  bytes(): Promise<Buffer> {
    const hasBody = this.method !== "GET" && this.method !== "HEAD";
    this.#bytes ??= hasBody ? readCappedNodeBody(this.raw) : Promise.resolve(Buffer.alloc(0));
    return this.#bytes;
  }

  text(): Promise<string> {
    return this.bytes().then((b) => b.toString("utf8"));
  }

  /**
   * A Fetch Request of the same call, for the handlers that still take one (connector
   * callbacks, not on a hot path); the body is read first, so the caps in front hold.
   */
  async toFetchRequest(): Promise<Request> {
    const b = await this.bytes();
    return new Request(this.url.href, { method: this.method, headers: this.headers.toHeaders(), body: b.length ? new Uint8Array(b) : undefined });
  }
}
