import { describe, expect, it } from "vitest";
import { LeanHeaders } from "@/server/http/lean-fetch";

/**
 * LeanHeaders answers get/has from node's raw header lines without filling undici's
 * Headers; it must answer exactly what the filled Headers answers (what the lean server
 * built before, line by line, lines Fetch refuses left out).
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
  ["Set-Cookie", "a=1", "set-cookie", "b=2"],
  ["Bad Name", "v", "X-Ok", "1"],
];
const NAMES = ["host", "Authorization", "AUTHORIZATION", "x-request-id", "idempotency-key", "accept", "x-latin", "x-ctl", "x-empty", "set-cookie", "bad name", "x-ok", "missing"];

describe("LeanHeaders", () => {
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
        const lean = new LeanHeaders(raw);
        if (want instanceof Error) {
          expect(() => lean.get(name), `${name} in ${JSON.stringify(raw)}`).toThrow();
          continue;
        }
        expect(lean.get(name), `${name} in ${JSON.stringify(raw)}`).toBe(want);
        expect(new LeanHeaders(raw).has(name)).toBe(want !== null);
      }
    }
  });

  it("is a full Headers for everything else: iteration, copies, changes", () => {
    const raw = ["Host", "x", "Authorization", "Bearer a", "X-Two", "1", "x-two", "2"];
    const lean = new LeanHeaders(raw);
    expect([...lean]).toEqual([...filled(raw)]);
    expect(Object.fromEntries(new Headers(new LeanHeaders(raw)))).toEqual(Object.fromEntries(filled(raw)));
    expect(new Request("http://x/", { headers: new LeanHeaders(raw) }).headers.get("x-two")).toBe("1, 2");
    const changed = new LeanHeaders(raw);
    expect(changed.get("x-two")).toBe("1, 2");
    changed.set("x-two", "3");
    changed.delete("authorization");
    expect(changed.get("x-two")).toBe("3");
    expect(changed.get("authorization")).toBeNull();
    expect(changed.get("host")).toBe("x");
  });
});
