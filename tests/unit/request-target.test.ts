import type http from "node:http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestUrl, targetParts } from "@/server/http/node-request";

/**
 * The lean entry reads a request's path and query from its target as written when URL
 * parsing would change nothing (server/http/node-request.ts), and parses the URL
 * otherwise: both must give what `new URL(...)` gives, for any target a client can send.
 */
const message = (url: string) => ({ url, headers: { host: "api.sika.test" } }) as unknown as http.IncomingMessage;

function viaUrl(target: string) {
  const url = requestUrl(message(target));
  return { pathname: url.pathname, search: url.search };
}

function viaTarget(target: string) {
  const { pathname, search } = targetParts(message(target));
  return { pathname, search };
}

// Characters that matter to URL parsing (dots, escapes, slashes both ways, spaces, quotes,
// fragments, non-ASCII), beside plain ones.
const CHARS = ["a", "Z", "0", "_", "-", "~", ".", "/", "\\", "%", "2", "e", "E", "?", "#", "&", "=", "+", " ", '"', "'", "<", ">", "`", "{", "|", "@", ":", ";", "!", "*", "(", "é", "\t", "\u0000", "[", "^"];

describe("a request target's path and query", () => {
  it("are the parsed URL's for every target (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }), (chars) => {
        const target = `/${chars.join("")}`;
        expect(viaTarget(target)).toEqual(viaUrl(target));
      }),
      { numRuns: 5000 },
    );
  });

  it("are taken as written for the API's own paths, the URL left unparsed", () => {
    const parts = targetParts(message("/api/v1/merchant/transactions/pi_01JABCDEFGHJKMNPQRSTVWXYZ0?limit=20&status=pending"));
    expect(parts).toEqual({ pathname: "/api/v1/merchant/transactions/pi_01JABCDEFGHJKMNPQRSTVWXYZ0", search: "?limit=20&status=pending" });
  });

  it("go through URL parsing when it changes them", () => {
    for (const [target, pathname, search] of [
      ["/api/v1/../v1/x", "/api/v1/x", ""],
      ["/api/%2e%2e/x", "/x", ""],
      ["/a b?c d", "/a%20b", "?c%20d"],
      ["/x?", "/x", ""],
      ["/x#frag", "/x", ""],
      ["/a\\b", "/a/b", ""],
      ["*", "/*", ""],
    ] as const) {
      expect(targetParts(message(target)), target).toMatchObject({ pathname, search });
      expect(viaUrl(target), target).toEqual({ pathname, search });
    }
  });
});
