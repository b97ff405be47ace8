/**
 * Request headers read straight from node's raw header lines, answering `get`/`has`
 * exactly as a Fetch Headers filled from those lines would (a test holds them together:
 * tests/unit/lean-headers.test.ts): the values of every line of that name, in order,
 * joined by ", ", each trimmed of surrounding HTTP whitespace; a line Fetch would refuse
 * (bad name, NUL/CR/LF, a character past Latin-1) left out; an invalid name asked for
 * throws. Filling undici's Headers validates every line (~10-20 µs a request, the issue 13
 * profile) while a route reads two to four of them.
 */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const REFUSED = /[\0\r\n]|[^\0-\xff]/;

export interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
}

export class RawHeaders implements HeaderReader {
  readonly #raw: readonly string[];

  constructor(raw: readonly string[]) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: ${name}`);
    const lower = name.toLowerCase();
    const raw = this.#raw;
    let out: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i];
      if (n.length !== lower.length || n.toLowerCase() !== lower) continue;
      let v = raw[i + 1];
      if (v.length && (v.charCodeAt(0) <= 32 || v.charCodeAt(v.length - 1) <= 32)) v = v.replace(EDGE_WHITESPACE, "");
      if (REFUSED.test(v)) continue;
      out = out === null ? v : `${out}, ${v}`;
    }
    return out;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** A Fetch Headers of the same lines (for the few handlers that still take a Request). */
  toHeaders(): Headers {
    const h = new Headers();
    const raw = this.#raw;
    for (let i = 0; i < raw.length; i += 2) {
      try {
        h.append(raw[i], raw[i + 1]);
      } catch {
        // a line Fetch refuses: left out, as get() does
      }
    }
    return h;
  }
}
