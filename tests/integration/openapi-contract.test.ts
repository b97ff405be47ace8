import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestApp, type TestApp } from "../helpers/app";
import { createResponseValidator } from "../helpers/openapi-validator";
import { buildRouteTable } from "@/server/http/route-table";
import { routeModules } from "@/app/api/route-modules.generated";
import { HTTP_METHODS } from "@/server/http/api-route";
import { endpointOf, openApiDocument } from "@/server/openapi/document";
import { operations } from "@/server/openapi/operations";

/**
 * The OpenAPI document against the code: it is valid OpenAPI 3.1, it describes every
 * route file and method under app/api/v1 (and nothing else), and the response checker
 * that tests/helpers/app.ts applies to every response catches what it should.
 */
let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  key = (await app.createMerchant()).testApiKey!;
});
afterAll(() => app.close());

/** `/api/v1/merchant/transactions/[id]` -> `/api/v1/merchant/transactions/{id}` */
const toTemplate = (pattern: string) => pattern.replace(/\[([^\].]+)\]/g, "{$1}");

async function implementedOperations() {
  const found: { template: string; method: string; handler: unknown }[] = [];
  for (const entry of buildRouteTable(routeModules, ["/api/v1"])) {
    const mod = entry.module;
    for (const method of HTTP_METHODS) {
      const ep = endpointOf(mod, method);
      if (ep) found.push({ template: toTemplate(entry.pattern), method, handler: ep });
    }
  }
  return found;
}

describe("GET /api/v1/openapi.json", () => {
  it("is served without a key and is a valid OpenAPI 3.1 document", async () => {
    const res = await app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(res.body.openapi).toBe("3.1.0");
    // Served as built in-process, pointing at where it was fetched from.
    expect(res.body).toEqual({ ...openApiDocument(), servers: [{ url: app.baseUrl, description: "This server" }] });
  });

  it("declares Bearer API-key auth, and the webhook with its signature headers", () => {
    const doc = openApiDocument();
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const hook = doc.webhooks?.["transaction.status"] as { post: { parameters: { name: string; in: string }[]; requestBody: unknown } };
    expect(hook.post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "header:Signature",
      "header:Webhook-Id",
      "header:Webhook-Timestamp",
      "header:Webhook-Signature",
    ]);
    expect(JSON.stringify(hook.post.requestBody)).toContain("#/components/schemas/WebhookPayload");
  });
});

describe("the document covers the code", () => {
  it("describes every route file and method under app/api/v1", async () => {
    const doc = openApiDocument();
    const implemented = await implementedOperations();
    expect(implemented.length).toBeGreaterThanOrEqual(12);
    const missing = implemented.filter(({ template, method }) => !doc.paths?.[template]?.[method.toLowerCase() as "get"]);
    expect(missing.map((m) => `${m.method} ${m.template}`), "route files the OpenAPI document does not describe").toEqual([]);
  });

  it("describes nothing that no route file implements", async () => {
    const implemented = new Set((await implementedOperations()).map(({ template, method }) => `${method} ${template}`));
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([template, item]) =>
      HTTP_METHODS.filter((m) => (item as Record<string, unknown>)[m.toLowerCase()]).map((m) => `${m} ${template}`),
    );
    expect(documented.filter((d) => !implemented.has(d))).toEqual([]);
  });

  it("takes each operation's request schemas from the very handler serving that path", async () => {
    const byKey = new Map((await implementedOperations()).map((o) => [`${o.method} ${o.template}`, o.handler]));
    for (const op of operations()) {
      // Same spec object: the route passes its contract's `request` to endpoint(), and the
      // document reads that contract.
      const served = byKey.get(`${op.method} ${op.path}`) as { spec: unknown } | undefined;
      expect(served, `${op.method} ${op.path} is served by a route file`).toBeDefined();
      expect(served!.spec, `${op.method} ${op.path}`).toBe(op.request);
    }
  });

  it("documents the common errors of every operation: 401/429 with auth, 400/422 with a body, 500 always", () => {
    for (const op of operations()) {
      const spec = op.request;
      const responses = Object.keys(openApiDocument().paths![op.path]![op.method.toLowerCase() as "get"]!.responses ?? {});
      const expected = ["200", "500"];
      if (spec.auth === "merchant") expected.push("401", "429");
      if (spec.body) expected.push("400", "422");
      if (spec.query || spec.params) expected.push("422");
      for (const status of expected) expect(responses, `${op.method} ${op.path}`).toContain(status);
    }
  });
});

describe("the response contract check", () => {
  const check = createResponseValidator();
  const envelope = (message: string) => ({ status: "error", message, data: null });

  it("accepts documented responses, including unknown paths (404) and missing methods (405)", () => {
    expect(() => check.check("GET", "/api/v1/merchant/balances", 200, { status: "success", message: "Balances retrieved", data: [] })).not.toThrow();
    expect(() => check.check("GET", "/api/v1/nope", 404, envelope("Not found"))).not.toThrow();
    expect(() => check.check("DELETE", "/api/v1/countries", 405, envelope("Method not allowed"))).not.toThrow();
    expect(() => check.check("GET", "/api/healthz", 200, "ok")).not.toThrow(); // outside /api/v1: not the public API
  });

  it("refuses an undocumented status, a wrong body, an extra field", () => {
    expect(() => check.check("GET", "/api/v1/merchant/balances", 418, envelope("I'm a teapot"))).toThrow(/status 418 is not documented/);
    expect(() => check.check("GET", "/api/v1/merchant/balances", 200, { status: "success", message: "x", data: [{ currency: "XOF" }] })).toThrow(
      /does not match/,
    );
    expect(() =>
      check.check("GET", "/api/v1/merchant/balances", 200, {
        status: "success",
        message: "x",
        data: [{ currency: "XOF", available_balance: 1, pending_balance: 0, secret: "leak" }],
      }),
    ).toThrow(/does not match/);
    expect(() => check.check("GET", "/api/v1/merchant/transactions/pi_x", 404, { status: "error", message: "Transaction not found" })).toThrow(/does not match/);
    expect(() => check.check("GET", "/api/v1/nope", 200, {})).toThrow(/only 404/);
  });

  it("is what request() applies: real error responses of the wrapper pass it", async () => {
    const cases: [string, RequestInit & { key?: string | null }, number][] = [
      ["/api/v1/countries", { key: null }, 401],
      ["/api/v1/merchant/payin", { key, method: "POST", body: "{not json", headers: { "content-type": "application/json" } }, 400],
      ["/api/v1/countries?limit=0", { key }, 422],
      ["/api/v1/merchant/transactions/pi_unknown", { key }, 404],
      ["/api/v1/merchant/payin", { key, method: "GET" }, 405],
      ["/api/v1/unknown/path", { key }, 404],
    ];
    for (const [url, init, status] of cases) {
      const res = await app.request(url, init); // throws if the response breaks the document
      expect(res.status, url).toBe(status);
    }
  });
});
