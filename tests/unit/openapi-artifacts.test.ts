import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentAjv } from "../helpers/openapi-validator";
import { ARTIFACT_PATHS, renderArtifacts } from "@/server/openapi/artifacts";
import { openApiDocument } from "@/server/openapi/document";

/**
 * The committed OpenAPI artifacts (docs/openapi.json, the typed client's types) must be
 * what `npm run generate:client` writes from today's code, and every example in the
 * document must satisfy its own schema.
 */
describe("committed OpenAPI artifacts", () => {
  it("are up to date (else run: npm run generate:client)", async () => {
    const fresh = await renderArtifacts();
    for (const [name, rel] of Object.entries(ARTIFACT_PATHS) as [keyof typeof ARTIFACT_PATHS, string][]) {
      const committed = fs.readFileSync(path.join(process.cwd(), rel), "utf8");
      expect(committed === fresh[name], `${rel} is stale: run npm run generate:client`).toBe(true);
    }
  }, 60_000);
});

type MediaType = { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> };

function* mediaTypes(doc: ReturnType<typeof openApiDocument>): Generator<[string, MediaType]> {
  const items = { ...(doc.paths ?? {}), ...(doc.webhooks ?? {}) } as Record<string, Record<string, { requestBody?: { content: Record<string, MediaType> }; responses?: Record<string, { content?: Record<string, MediaType> }> }>>;
  for (const [p, item] of Object.entries(items)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [ct, mt] of Object.entries(op.requestBody?.content ?? {})) yield [`${method} ${p} request ${ct}`, mt];
      for (const [status, r] of Object.entries(op.responses ?? {})) for (const [ct, mt] of Object.entries(r.content ?? {})) yield [`${method} ${p} ${status} ${ct}`, mt];
    }
  }
}

describe("examples in the document", () => {
  it("all validate against the schema beside them", () => {
    const doc = openApiDocument();
    const { ajv, compile } = documentAjv(doc as never);
    let checked = 0;
    for (const [where, mt] of mediaTypes(doc)) {
      if (!mt.schema) continue;
      const validate = compile(mt.schema);
      const values = [...(mt.example !== undefined ? [mt.example] : []), ...Object.values(mt.examples ?? {}).map((e) => e.value)];
      for (const value of values) {
        checked++;
        expect(validate(value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
