import { describe, expect, it } from "vitest";

/**
 * Issue 10 §7: a server that loaded a route (the README's "Try it" payin) before the OpenAPI
 * builder answered 500 `zodSchema.openapi is not a function` on /api/v1/openapi.json: zod 4
 * copies prototype additions onto schemas at construction, so schemas built before
 * `extendZodWithOpenApi` ran never got `.openapi()`. Vitest gives each test file a fresh module
 * graph, so the imports below happen in the order a production server sees them.
 */
describe("openapi.json after another route was loaded first", () => {
  it("builds the document when the payin route (and its request schemas) loaded before it", async () => {
    const payin = await import("@/app/api/v1/merchant/payin/route");
    expect(typeof payin.POST).toBe("function");
    const openapi = await import("@/app/api/v1/openapi.json/route");
    const res = await openapi.GET(new Request("http://localhost:3000/api/v1/openapi.json"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain("/api/v1/merchant/payin");
    // A cold module graph (every route schema) takes a while on a busy 2-core machine.
  }, 120_000);
});
