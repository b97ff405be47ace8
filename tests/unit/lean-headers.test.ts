import { describe, expect, it } from "vitest";
import { RawHeaders } from "@/server/http/raw-headers";

/**
 * RawHeaders answers get/has from node's raw header lines without filling undici's
 * Headers (the lean entry builds no Fetch object, issue 26); it must answer exactly what
 * a Headers filled from those lines answers (lines Fetch refuses left out).
 */
function filled(raw: string[]): Headers {
  const h = new Headers();
  for (let i = 0; i < raw.length; i += 2) {
    try {
      h.append(raw[i], raw[i + 1]);
    } catch {
      // left out, as the server did
    }
  }
  return h;
}

const RAWS: string[][] = [
  ["Host", "x", "Authorization", "Bearer sk_test_abc", "Content-Type", "application/json"],
  ["authorization", "Bearer a", "Authorization", "Bearer b"],
  ["X-Request-Id", "req-12345678", "x-request-id", ""],
  ["Idempotency-Key", "  padded  ", "Accept", "a\tb"],
  ["Idempotency-Key", "trailing\t"],
  ["X-Latin", "caf\u00e9", "X-Ctl", "a\u0001b", "X-Empty", ""],
  ["X-Nul", "a\u0000b", "x-nul", "ok", "X-Wide", "\u0100"],
  ["Set-Cookie", "a=1", "set-cookie", "b=2"],
  ["Bad Name", "v", "X-Ok", "1"],
];
const NAMES = ["host", "Authorization", "AUTHORIZATION", "x-request-id", "idempotency-key", "accept", "x-latin", "x-ctl", "x-empty", "x-nul", "x-wide", "set-cookie", "bad name", "x-ok", "missing"];

describe("RawHeaders", () => {
  it("answers get and has as the filled Headers does", () => {
    for (const raw of RAWS) {
      const ref = filled(raw);
      for (const name of NAMES) {
        let want: string | null | Error;
        try {
          want = ref.get(name);
        } catch (err) {
          want = err as Error;
        }
        const lean = new RawHeaders(raw);
        if (want instanceof Error) {
          expect(() => lean.get(name), `${name} in ${JSON.stringify(raw)}`).toThrow();
          continue;
        }
        expect(lean.get(name), `${name} in ${JSON.stringify(raw)}`).toBe(want);
        expect(lean.has(name)).toBe(want !== null);
      }
    }
  });

  it("gives the same lines as a Fetch Headers for the handlers that still take a Request", () => {
    const raw = ["Host", "x", "Authorization", "Bearer a", "X-Two", "1", "x-two", "2", "Bad Name", "v"];
    expect([...new RawHeaders(raw).toHeaders()]).toEqual([...filled(raw)]);
  });
});
