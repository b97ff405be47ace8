import type http from "node:http";
import { Readable } from "node:stream";
import { readCappedNodeBody } from "./body-limit";

/**
 * Cheap Fetch-API objects for the lean node:http entry. Node 20's undici builds a
 * web ReadableStream for every Request and Response body: measured ~150 µs to build a
 * POST Request and read its text, ~50 µs to build a Response and read it back, more
 * than all of our own code on a payin. The lean server therefore hands route modules a
 * LeanRequest (the subset of Request they use, a real Request built on demand for the
 * rest) and, once `enableLeanResponses()` has been called in the process, envelope.ts
 * builds TextResponses: real Responses (instanceof, status, headers) whose JSON text
 * the server writes directly. Under Next.js neither is ever used.
 */

const LEAN = Symbol.for("sika.leanResponses");
const g = globalThis as unknown as { [LEAN]?: boolean };

/** Called by the lean server: from now on envelope.ts returns TextResponses. */
export function enableLeanResponses(): void {
  g[LEAN] = true;
}

export function leanResponsesEnabled(): boolean {
  return g[LEAN] === true;
}

const TEXT = Symbol("text");

/**
 * A Response built without a body stream; the text lives beside it. Reading methods
 * answer from the text, so in-process callers (tests) see an ordinary Response.
 */
export class TextResponse extends Response {
  readonly [TEXT]: string;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this[TEXT] = text;
    // `body` is an accessor on Response.prototype: shadow it with the text as a stream.
    Object.defineProperty(this, "body", { get: () => new Blob([text]).stream(), configurable: true });
  }

  override text(): Promise<string> {
    return Promise.resolve(this[TEXT]);
  }

  override json(): Promise<unknown> {
    return Promise.resolve().then(() => JSON.parse(this[TEXT]));
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const buf = Buffer.from(this[TEXT]);
    return Promise.resolve(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  }

  override blob(): Promise<Blob> {
    return Promise.resolve(new Blob([this[TEXT]], { type: this.headers.get("content-type") ?? "" }));
  }

  override clone(): Response {
    return new TextResponse(this[TEXT], { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** The JSON text of a TextResponse, or undefined for any other Response. */
export function responseText(res: Response): string | undefined {
  return res instanceof TextResponse ? res[TEXT] : undefined;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A value every Headers accepts as is (no control characters but tab; node's parser already refused CR, LF, NUL). */
const PLAIN_VALUE = /^[\x21-\x7e\x80-\xff][\t\x20-\x7e\x80-\xff]*$/;

/**
 * The request headers of a LeanRequest: a real Headers, filled from node's raw header
 * lines only when a method other than get/has is used. Filling undici's Headers
 * validates and normalises every line (~10-20 µs a request, the issue 13 profile) while
 * a route reads two to four of them. get() answers what the filled Headers would: the
 * values of every line of that name, in order, joined by ", "; any line it cannot vouch
 * for (a value with surrounding whitespace or control characters, an odd name) makes it
 * fill the Headers and ask it instead.
 */
export class LeanHeaders extends Headers {
  #raw: string[] | null;

  constructor(raw: string[]) {
    super();
    this.#raw = raw;
  }

  /** Fills the real Headers from the raw lines (once); lines Fetch refuses are left out. */
  materialize(): void {
    const raw = this.#raw;
    if (!raw) return;
    this.#raw = null;
    for (let i = 0; i < raw.length; i += 2) {
      try {
        super.append(raw[i], raw[i + 1]);
      } catch {
        // a header value Fetch refuses: the route never sees it (undici would have thrown)
      }
    }
  }

  override get(name: string): string | null {
    const raw = this.#raw;
    if (!raw || !TOKEN.test(name)) {
      this.materialize();
      return super.get(name);
    }
    const lower = name.toLowerCase();
    let out: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i];
      if (n.length !== lower.length || n.toLowerCase() !== lower) continue;
      const v = raw[i + 1];
      if (!TOKEN.test(n) || (v !== "" && (!PLAIN_VALUE.test(v) || v.endsWith(" ") || v.endsWith("\t")))) {
        this.materialize();
        return super.get(name);
      }
      out = out === null ? v : `${out}, ${v}`;
    }
    return out;
  }

  override has(name: string): boolean {
    return this.get(name) !== null;
  }

  override set(name: string, value: string): void {
    this.materialize();
    super.set(name, value);
  }

  override append(name: string, value: string): void {
    this.materialize();
    super.append(name, value);
  }

  override delete(name: string): void {
    this.materialize();
    super.delete(name);
  }

  override getSetCookie(): string[] {
    this.materialize();
    return super.getSetCookie();
  }

  override forEach(cb: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.materialize();
    super.forEach(cb, thisArg);
  }

  override entries(): HeadersIterator<[string, string]> {
    this.materialize();
    return super.entries();
  }

  override keys(): HeadersIterator<string> {
    this.materialize();
    return super.keys();
  }

  override values(): HeadersIterator<string> {
    this.materialize();
    return super.values();
  }

  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    this.materialize();
    return super[Symbol.iterator]();
  }
}

/**
 * What route modules get from the lean server: method, url, headers, text(), json(),
 * arrayBuffer() directly from node:http; anything else (signal, body stream, formData,
 * clone…) from a real Request built the first time it is asked for. The body is read
 * only when a route asks for it (after authentication, see api-route.ts), capped at
 * 1 MB (body-limit.ts).
 */
export class LeanRequest {
  readonly method: string;
  readonly url: string;
  private readonly raw: http.IncomingMessage;
  private bytes: Promise<Buffer> | undefined;
  private headersCache: LeanHeaders | undefined;

  /** The server parsed it already; api-route reuses it (`urlOf`). */
  readonly parsedUrl: URL;

  constructor(raw: http.IncomingMessage, url: URL) {
    this.raw = raw;
    this.method = raw.method ?? "GET";
    this.url = url.href;
    this.parsedUrl = url;
  }

  get headers(): Headers {
    this.headersCache ??= new LeanHeaders(this.raw.rawHeaders);
    return this.headersCache;
  }

  private hasBody(): boolean {
    return this.method !== "GET" && this.method !== "HEAD";
  }

  /** The body, read once, capped (413 past 1 MB). */
  private load(): Promise<Buffer> {
    this.bytes ??= this.hasBody() ? readCappedNodeBody(this.raw) : Promise.resolve(Buffer.alloc(0));
    return this.bytes;
  }

  /** True once a route started reading the body. */
  get bodyRead(): boolean {
    return this.bytes !== undefined;
  }

  async text(): Promise<string> {
    return (await this.load()).toString("utf8");
  }

  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.load();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  /** The full Request (body read first, capped), for whatever the fast paths above do not cover. */
  async toRequest(): Promise<Request> {
    const b = await this.load();
    const headers = this.headers as LeanHeaders;
    headers.materialize();
    return new Request(this.url, { method: this.method, headers, body: b.length ? new Uint8Array(b) : undefined });
  }

  get signal(): AbortSignal {
    const ctrl = new AbortController();
    this.raw.once("close", () => {
      if (!this.raw.complete) ctrl.abort();
    });
    return ctrl.signal;
  }

  /** The raw stream (uncapped: routes that want it are responsible for their own limit). */
  get body(): ReadableStream<Uint8Array> | null {
    if (!this.hasBody()) return null;
    this.bytes ??= Promise.resolve(Buffer.alloc(0));
    return Readable.toWeb(this.raw) as unknown as ReadableStream<Uint8Array>;
  }

  get bodyUsed(): boolean {
    return this.bytes !== undefined;
  }

  formData(): Promise<FormData> {
    return this.toRequest().then((r) => r.formData());
  }

  blob(): Promise<Blob> {
    return this.toRequest().then((r) => r.blob());
  }
}

/** The request's URL, parsed once per request. */
export function urlOf(req: Request): URL {
  const lean = req as unknown as LeanRequest;
  return lean instanceof LeanRequest ? lean.parsedUrl : new URL(req.url);
}

/** The text a TextResponse was built with, read without a promise (the request log). */
export function leanResponseText(res: Response): string | undefined {
  return res instanceof TextResponse ? res[TEXT] : undefined;
}
