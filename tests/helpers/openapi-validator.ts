import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { openApiDocument } from "@/server/openapi/document";

/**
 * Checks a real response against the OpenAPI document: the operation of (method, path)
 * must list the status, and the body must match that status's schema. An unknown /api/v1
 * path must answer the documented 404 envelope, a method the path lacks the 405 one.
 * Used by tests/helpers/app.ts on every `request()` (the contract tests of issue 6).
 */
type Json = unknown;

interface DocLike {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> }>>;
  components?: { schemas?: Record<string, Json> };
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const METHODS = ["get", "post", "put", "patch", "delete"];

/** `#/components/schemas/X` -> `sika#/$defs/X`, so each schema compiles on its own. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === "object") {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", "sika#/$defs/") : rewriteRefs(v);
    }
    return out;
  }
  return node;
}

function templateRegex(template: string): RegExp {
  const escaped = template
    .split("/")
    .map((seg) => (/^\{[^}]+\}$/.test(seg) ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}$`);
}

export interface ResponseValidator {
  /** Throws with a readable message when the response breaks the document. */
  check(method: string, url: string, status: number, body: unknown): void;
}

/** An Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) knowing the document's components. */
export function documentAjv(doc: DocLike = openApiDocument() as unknown as DocLike) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
  addFormats(ajv);
  ajv.addSchema({ $id: "sika", $defs: rewriteRefs(doc.components?.schemas ?? {}) } as object);
  return { ajv, compile: (schema: Json): ValidateFunction => ajv.compile(rewriteRefs(schema) as object) };
}

export function createResponseValidator(doc: DocLike = openApiDocument() as unknown as DocLike): ResponseValidator {
  const { ajv, compile: compileSchema } = documentAjv(doc);
  const cache = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: Json) => {
    let fn = cache.get(key);
    if (!fn) {
      fn = compileSchema(schema);
      cache.set(key, fn);
    }
    return fn;
  };
  // Static paths before templated ones, so /transactions is not taken for /transactions/{id}.
  const templates = Object.keys(doc.paths)
    .map((t) => ({ t, re: templateRegex(t), params: (t.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);
  const errorEnvelope = doc.components?.schemas?.ErrorEnvelope;

  const fail = (what: string, details: string) => {
    throw new Error(`OpenAPI contract: ${what}\n${details}`);
  };
  const validate = (key: string, schema: Json, body: unknown, what: string) => {
    const fn = compile(key, schema);
    if (!fn(body)) fail(`${what}: body does not match the documented schema`, `${ajv.errorsText(fn.errors, { separator: "\n" })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
  };

  return {
    check(method, url, status, body) {
      const { pathname } = new URL(url, "http://x");
      if (!pathname.startsWith("/api/v1/") || method === "HEAD" || method === "OPTIONS") return;
      const what = `${method} ${pathname} -> ${status}`;
      const found = templates.find(({ re }) => re.test(pathname));
      if (!found) {
        if (status !== 404) fail(what, "the document describes no such path, so only 404 is acceptable");
        validate("ErrorEnvelope", errorEnvelope, body, what);
        return;
      }
      const op = doc.paths[found.t][method.toLowerCase()];
      if (!op || !METHODS.includes(method.toLowerCase())) {
        if (status !== 405) fail(what, `the document describes no ${method} on ${found.t}, so only 405 is acceptable`);
        validate("ErrorEnvelope", errorEnvelope, body, what);
        return;
      }
      const response = op.responses?.[String(status)] ?? op.responses?.default;
      if (!response) fail(what, `status ${status} is not documented for ${method} ${found.t} (documented: ${Object.keys(op.responses ?? {}).join(", ")})`);
      // A documented non-JSON answer (format=csv) arrives as text: the media type is documented, the text is not JSON.
      if (typeof body === "string" && body !== "" && Object.keys(response?.content ?? {}).some((t) => t !== "application/json")) return;
      const schema = response?.content?.["application/json"]?.schema;
      if (schema === undefined) {
        if (body !== "" && body !== undefined) fail(what, "the document says this response has no body");
        return;
      }
      validate(`${method} ${found.t} ${status}`, schema, body, what);
    },
  };
}
