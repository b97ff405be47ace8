import type http from "node:http";
import type { ApiRequest } from "./api-request";
import { readCappedNodeBody } from "./body-limit";
import { RawHeaders } from "./raw-headers";

/**
 * The lean entry's ApiRequest: method, parsed URL, headers and body straight from node's
 * IncomingMessage. Node 20's undici builds a web ReadableStream for every Request body:
 * measured ~150 µs to build a POST Request and read its text, more than all of our own
 * code on a payin. The body stays unread until the endpoint asks (after authentication);
 * what it never reads is discarded by node as it arrives, or the connection is closed.
 */
export class NodeRequestView implements ApiRequest {
  readonly method: string;
  readonly url: URL;
  readonly raw: http.IncomingMessage;
  #headers: RawHeaders | undefined;
  #bytes: Promise<Buffer> | undefined;
  /** The route table's pattern, once matched (metrics and the request's span). */
  routeTemplate: string | undefined;

  constructor(raw: http.IncomingMessage, url: URL) {
    this.raw = raw;
    this.method = raw.method ?? "GET";
    this.url = url;
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
