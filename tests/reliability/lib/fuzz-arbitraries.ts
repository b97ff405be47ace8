import fc from "fast-check";
import type { z } from "zod";
import { sandboxPhone } from "../../helpers/sandbox-numbers";

/**
 * fast-check arbitraries for request parts. Bodies and queries are generated from the
 * endpoint's own zod schema: each field is usually a plausible value (real country codes,
 * networks, sandbox phone numbers, amounts at the limits…) so requests get past
 * validation into the domain code, and sometimes anything JSON can hold.
 */

const countries = ["KE", "CI", "SN", "GM", "BF", "CD", "TZ", "UG", "CM", "ke", "XX", "", "C", "CIV"];
const currencies = ["KES", "XOF", "XAF", "GMD", "USD", "CDF", "TZS", "kes", "EUR", "", "XO"];
const networks = ["safaricom", "mpesa", "orange", "mtn", "moov", "wave", "qmoney", "aps", "afrimoney", "vodacom", "airtel", "MTN", "nope", ""];
const phones = [
  sandboxPhone("KE"),
  sandboxPhone("CI"),
  sandboxPhone("CI", "failed"),
  sandboxPhone("GM"),
  sandboxPhone("SN", "pending"),
  "254712341234",
  "0712341234",
  "+1 555 0100",
  "+",
  "0",
  "abc",
  "+254 7" + "1".repeat(30),
];
const urls = ["http://127.0.0.1:9/hook", "https://127.0.0.1:9/hook", "http://localhost:9/h", "http://[::1]:9/h", "javascript:alert(1)", "ftp://x/y", "not a url", "http://169.254.169.254/latest", "https://10.0.0.1/h"];
const otps = ["1234", "000000", "12345678", "123", "123456789", "12a4"];
export const tricky = ["", " ", "null", "undefined", "0", "-1", "1e309", "NaN", "' or 1=1 --", "%00", "\u0000", "../../etc/passwd", "é€😀", "\ud800", "a".repeat(300), "<script>x</script>", "{}", "[]", "mobile_money", "all"];

const numbers = fc.oneof(
  fc.constantFrom(1000, 100, 10, 0.01, 0.001, 0, -1, 0.1, 25.13, 499.99, 500, 1_500_000, 1_500_000.01, 5_000_000, 70_000, 1e21, 5e-324, 2 ** 53 + 1, 123.456, 1003),
  fc.integer({ min: -1000, max: 10_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Strings that matter for a field of this name, plus tricky and random ones. */
function stringsFor(field: string): fc.Arbitrary<string> {
  const named: Record<string, string[]> = {
    country_code: countries,
    currency: currencies,
    network: networks,
    phone_number: phones,
    callback_url: urls,
    return_url: urls,
    url: urls,
    otp: otps,
    om_otp: otps,
    payment_method: ["mobile_money", "card", "MOBILE_MONEY"],
    status: ["pending", "successful", "failed", "cancelled", "success"],
    type: ["payin", "payout", "cashin", "cashout", "debit"],
    limit: ["1", "20", "100", "101", "0", "-5", "abc", "1.5", "999999999999"],
    page: ["1", "2", "all", "0", "-1", "99999", "x"],
    amount: ["1000", "0.01", "0.001", "-1", "abc", "1e3", "1500000.01"],
    // Year 0 and the end of year 9999 are dates the database does not have (each was a 500).
    created_from: ["2026-01-01", "2026-13-45", "yesterday", "2026-01-01T00:00:00Z", "0000-01-01", "0001-01-01T00:00:00+05:00"],
    created_to: ["2026-12-31", "2026-02-30", "2026-01-01T00:00:00+02:00", "9999-12-31", "9999-12-31T23:59:59-05:00"],
    from: ["2026-11-01", "2026-13-01", "0000-01-01", "9999-12-30"],
    to: ["2026-11-30", "2026-02-30", "9999-12-31"],
    expires_at: ["2030-01-01T00:00:00Z", "2001-01-01T00:00:00Z", "9999-12-31T23:59:59-05:00", "tomorrow"],
    beneficiary: ["Awa Diop", "", "x".repeat(300)],
    order_id: ["order-1", "", "x".repeat(256)],
    cursor: ["MTIzfHBpXzE", "!!!", "bm9wZQ", "MTc5NTI0MjQxMzU2OTAwMHxwaV8w"],
  };
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(Object.hasOwn(named, field) ? named[field] : ["x", "abc", "1"])) },
    { weight: 2, arbitrary: fc.constantFrom(...tricky) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  );
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

/** encodeURIComponent for any string: lone surrogates become U+FFFD instead of throwing. */
const encode = (s: string) => encodeURIComponent(Buffer.from(s, "utf8").toString("utf8"));

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value for `schema` (the field is named `field`): mostly plausible, sometimes anything. */
export function valueFor(schema: z.ZodType, field = "", depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const plausible = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case "object":
        return depth > 4 ? fc.constant({}) : objectFor(schema, depth + 1);
      case "string":
        return stringsFor(field);
      case "number":
      case "int":
        return numbers;
      case "boolean":
        return fc.boolean();
      case "enum":
        return fc.constantFrom(...Object.values(def.entries ?? { x: "x" }));
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
      case "nonoptional":
        return fc.oneof({ weight: 5, arbitrary: valueFor(def.innerType!, field, depth) }, fc.constant(null), fc.constant(undefined));
      case "pipe":
        return valueFor(def.in!, field, depth);
      case "union":
        return fc.oneof(...(def.options ?? []).map((o) => valueFor(o, field, depth)));
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 8, arbitrary: plausible }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: stringsFor(field) });
}

/** An object for a zod object schema: any subset of its keys, sometimes unknown keys too. */
export function objectFor(schema: z.ZodType, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const def = defOf(schema);
  const shape = def.type === "object" ? (def.shape ?? {}) : {};
  const known = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueFor(v, k, depth)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 3 });
  return fc
    .tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }))
    .map(([a, b]) => ({ ...b, ...a }));
}

/** A request body: the schema's object, JSON of another shape, or bytes that are not JSON. */
export function bodyFor(schema: z.ZodType | undefined): fc.Arbitrary<{ text: string | Buffer | undefined; contentType: string | undefined }> {
  const json = (schema ? objectFor(schema) : fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 4 })).map((o) => JSON.stringify(o));
  const text = fc.oneof(
    { weight: 12, arbitrary: json },
    { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "{", "{\"amount\":", "[1,2", "null", "true", "\"str\"", "{\"a\":1}garbage", "\ufeff{}", "{\"__proto__\":{\"x\":1}}") },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
  const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b));
  return fc.record({
    text: fc.oneof({ weight: 15, arbitrary: text }, { weight: 1, arbitrary: bytes }, { weight: 1, arbitrary: fc.constant(undefined) }),
    contentType: fc.constantFrom("application/json", "application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", undefined),
  });
}

/** A query string for a zod object schema (or for an endpoint without one). */
export function queryFor(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const def = schema ? defOf(schema) : undefined;
  const keys = Object.keys(def?.shape ?? {});
  const key = fc.oneof({ weight: 5, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant("x") }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });
  const pairs = fc.array(
    key.chain((k) => stringsFor(k).map((v) => [k, v] as const)),
    { maxLength: 6 },
  );
  return fc.oneof(
    { weight: 10, arbitrary: pairs.map((ps) => (ps.length ? "?" + ps.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&") : "")) },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&&", "?a", "?=1", "?limit=1&limit=2", "?%", "?page=%zz", "?status[]=x", "?q=%ED%A0%80", "?limit=%FF") },
  );
}

/** A path segment value: plausible ids, tricky text, random text; usually percent-encoded. */
export function segmentFor(known: string[]): fc.Arbitrary<string> {
  const raw = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom(...tricky.filter(Boolean)) },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom("pi_", "po_01ARZ3NDEKTSV4RRFFQ69G5FAV", "pi_" + "Z".repeat(120), "x".repeat(300)) },
  );
  return fc.oneof(
    { weight: 5, arbitrary: raw.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%2F", "%2e%2e", "..", ".", "%00", "a%20b", ";x", "@", "*", "%ED%A0%80", "%C0%AF", "%FF") },
  );
}

/** Extra request headers: names the API reads, plus random ones, with legal values. */
export function headersFor(): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(
    fc.constantFrom("", "x", "application/json", "abc-123-def-456", "a".repeat(300), "é", "\u00ff"),
    fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
  );
  const name = fc.oneof(
    fc.constantFrom("idempotency-key", "x-request-id", "accept", "accept-encoding", "x-forwarded-for", "x-forwarded-host", "origin", "cookie"),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
  );
  // Framing and hop-by-hop headers would test node's HTTP parser, not the API.
  const reserved = new Set(["host", "content-length", "transfer-encoding", "connection", "expect", "upgrade", "te", "trailer", "keep-alive", "proxy-connection", "content-type", "authorization"]);
  return fc.dictionary(name.filter((n) => !reserved.has(n)), value, { maxKeys: 4 });
}
