import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { HTTP_METHODS, type Endpoint } from "@/server/http/api-route";
import { buildRouteTable } from "@/server/http/route-table";
import { routeModules } from "@/app/api/route-modules.generated";
import { figure, makeAgent, request } from "./lib/client";
import { bodyFor, headersFor, queryFor, segmentFor } from "./lib/fuzz-arbitraries";
import { fuzzInBatches } from "./lib/fuzz-run";

/**
 * Property-based fuzzing of every /api/v1 endpoint found on disk: body, query, path
 * and headers generated from the endpoint's own zod schemas (mostly plausible values
 * so requests reach the domain code, sometimes garbage, non-JSON bytes, wrong methods,
 * wrong keys). The properties: never a 5xx, and every response is JSON in the envelope
 * {status, message, data} (the countries list and the D17 transactions paginator have the
 * Laravel paginator shape, the D20 lists put `next_cursor` and `meta` beside `data`, a statement asked for as CSV is a text/csv file, the OpenAPI
 * document is the document). FUZZ_RUNS sets the number of cases (default 10,000); FUZZ_SEED
 * replays a failed run by its printed seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const PER_RUN = 4;

interface Target {
  method: string;
  pattern: string;
  segments: string[];
  spec: Endpoint["spec"] | null;
}

let app: TestApp;
let keys: { test: string; live: string; other: string };
let targets: Target[];
const knownIds: string[] = [];
const agent = makeAgent(8);

beforeAll(async () => {
  app = await startTestApp({ poolMax: 10 });
  const owner = await app.createMerchant({ webhookUrl: { test: "http://127.0.0.1:9/fuzz", live: null } });
  const other = await app.createMerchant();
  keys = { test: owner.testApiKey!, live: owner.liveApiKey!, other: other.testApiKey! };
  await fund(app.database.db, { merchantId: owner.merchantId, currency: "XOF", amount: 10_000_000 });
  await fund(app.database.db, { merchantId: owner.merchantId, currency: "KES", amount: 10_000_000 });
  for (const [p, json] of [
    ["/api/v1/merchant/payin", payinRequest({ order_id: "fuzz-order" })],
    ["/api/v1/merchant/payin", payinRequest({ country: "GM", network: "qmoney", amount: 100, order_id: "fuzz-pin" })],
    ["/api/v1/merchant/payout", payoutRequest({ order_id: "fuzz-payout" })],
  ] as const) {
    const res = await app.request(p, { method: "POST", key: keys.test, json });
    expect(res.status).toBe(200);
    knownIds.push(res.body.data.transaction_id);
  }
  knownIds.push("fuzz-order", "fuzz-pin");

  targets = [];
  for (const entry of buildRouteTable(routeModules, ["/api/v1"])) {
    const mod = entry.module as Partial<Record<string, Partial<Endpoint>>>;
    const implemented = HTTP_METHODS.filter((m) => mod[m]?.spec !== undefined);
    if (!implemented.length) targets.push({ method: "GET", pattern: entry.pattern, segments: entry.segments, spec: null });
    for (const m of implemented) targets.push({ method: m, pattern: entry.pattern, segments: entry.segments, spec: mod[m]!.spec as Endpoint["spec"] });
  }
}, 120_000);
afterAll(async () => {
  agent.destroy();
  await app?.close();
});

function pathFor(t: Target): fc.Arbitrary<string> {
  const parts = t.segments.map((seg) => {
    if (seg.startsWith("[...")) return fc.array(segmentFor(["merchant", "payin", "v2", "transactions"]), { minLength: 1, maxLength: 4 }).map((a) => a.join("/"));
    if (seg.startsWith("[")) return segmentFor(knownIds);
    return fc.constant(seg);
  });
  return fc.tuple(...parts).map((p) => "/" + p.join("/"));
}

const keyArb = () =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant(keys.test) },
    { weight: 2, arbitrary: fc.constant(keys.live) },
    { weight: 1, arbitrary: fc.constant(keys.other) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom("sk_test_" + "a".repeat(43), "garbage", "sk_live_", keys.test + " extra", keys.test.toUpperCase()) },
  );

interface Case {
  /** "METHOD /pattern" of the endpoint the case was made for (the method sent may differ). */
  endpoint: string;
  method: string;
  path: string;
  query: string;
  body: { text: string | Buffer | undefined; contentType: string | undefined };
  key: string | null;
  headers: Record<string, string>;
}

/** Built once per endpoint (building arbitraries inside a chain costs more than the request). */
function caseArb(): fc.Arbitrary<Case> {
  const perTarget = targets.map((target) =>
    fc.record({
      endpoint: fc.constant(`${target.method} ${target.pattern}`),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(target.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") }),
      path: pathFor(target),
      query: queryFor(target.spec?.query as z.ZodType | undefined),
      body: bodyFor(target.spec?.body as z.ZodType | undefined),
      key: keyArb(),
      headers: headersFor(),
    }),
  );
  return fc.oneof(...perTarget);
}

/** The response contract every endpoint keeps, whatever it was sent. */
const PAGINATORS = new Set(["/api/v1/countries", "/api/v1/transactions"]);
/** D20's list shape: the envelope's status and message, `data` the array, `next_cursor` (and `meta`) beside it. */
const CURSOR_LISTS = new Set(["/api/v1/merchant/transactions", "/api/v1/merchant/request-logs", "/api/v1/merchant/events", "/api/v1/merchant/webhook-endpoints"]);

function checkResponse(c: Case, status: number, text: string, contentType: string | undefined): void {
  expect(status, "no 5xx").toBeLessThan(500);
  const pattern = c.endpoint.split(" ")[1];
  // What was served is decided by the path as sent ("/transactions/." is "/transactions/").
  const served = new URL(c.path, "http://x").pathname.replace(/\/+$/, "");
  if (status === 200 && pattern === "/api/v1/merchant/statements" && contentType?.startsWith("text/csv")) {
    expect(text.split("\r\n")[0]).toMatch(/^[a-z_]+(,[a-z_]+)+$/);
    return;
  }
  let body: unknown;
  expect(() => (body = JSON.parse(text)), "JSON body").not.toThrow();
  const b = body as Record<string, unknown>;
  if (status === 200 && PAGINATORS.has(served)) {
    expect(Object.keys(b).sort()).toEqual(["data", "links", "meta"]);
    expect(Array.isArray(b.data)).toBe(true);
    return;
  }
  // A list is what GET answers; a POST to the same path (creating a webhook endpoint) answers the created object in the envelope.
  if (status === 200 && c.method === "GET" && CURSOR_LISTS.has(served)) {
    expect(["data", "message", "meta", "next_cursor", "status"]).toEqual(expect.arrayContaining(Object.keys(b)));
    expect(Object.keys(b)).toEqual(expect.arrayContaining(["data", "message", "next_cursor", "status"]));
    expect(b.status).toBe("success");
    expect(Array.isArray(b.data)).toBe(true);
    return;
  }
  if (status === 200 && pattern === "/api/v1/openapi.json") {
    expect(typeof b.openapi).toBe("string");
    return;
  }
  // The interface's three keys; an error may add `detail` (issue 24: how to fix the request), a string.
  const keys = Object.keys(b).sort();
  expect(keys.filter((k) => !(k === "detail" && b.status === "error")), "envelope keys").toEqual(["data", "message", "status"]);
  if ("detail" in b) expect(typeof b.detail).toBe("string");
  expect(typeof b.message).toBe("string");
  expect(["success", "error"]).toContain(b.status);
  expect(b.status === "success", "status matches HTTP status").toBe(status < 400);
  if (b.status === "error") expect(b.data === null || typeof b.data === "object").toBe(true);
}

describe(`fuzzing every /api/v1 endpoint (${RUNS.toLocaleString("en-US")} cases)`, () => {
  it("never answers 5xx, always answers JSON in the envelope", async () => {
    const { runs, statuses, seconds, byStatus } = await fuzzInBatches(caseArb(), { cases: RUNS, perRun: PER_RUN }, async (c) => {
      const headers: Record<string, string> = { ...c.headers };
      if (c.body.contentType) headers["content-type"] = c.body.contentType;
      const sendsBody = c.method !== "GET" && c.body.text !== undefined;
      const out = await request(app.baseUrl, c.path + c.query, { method: c.method, key: c.key, body: sendsBody ? c.body.text : undefined, headers, agent });
      if (!out.ok) throw new Error(`request failed: ${out.error}`);
      checkResponse(c, out.res.status, out.res.text, out.res.headers["content-type"]);
      return out.res.status;
    });
    figure("fuzz", { cases: runs, endpoints: targets.length, seconds, perSecond: runs / seconds, fiveXX: 0, statuses: byStatus });
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // The cases reach past validation: some succeed, some are refused by the domain.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
  });
});
