import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "../contracts/zod";
import type { Endpoint } from "../http/api-route";
import { zodToFieldErrors } from "../contracts/validation";
import { AppError } from "../errors";
import { operations, type OperationDoc } from "./operations";
import { anyErrorEnvelope, commonErrorCases, errorBody, errorEnvelope, fieldErrorsSchema, successEnvelope, type ErrorCase } from "../contracts/envelope";
import { webhookHeaders, webhookPayloadSchema } from "./schemas/webhook";
import { examples } from "../contracts/examples";
import { apiDescription, tags, webhookDescription } from "./prose";
import { accessOf, keyRestrictionErrors } from "../auth/key-restrictions";

/**
 * Builds the OpenAPI 3.1 document of /api/v1 from the operation contracts beside the
 * services: each operation's auth, body, query and path parameters are the zod schemas
 * of `contract.request`, the very spec its route passes to `endpoint()`, so the document
 * cannot describe a request the handler would not validate the same way. Errors are the envelopes of the errors.* factories.
 */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export const DEFAULT_SERVER_URL = "http://localhost:3000";

type Spec = Endpoint["spec"];

/** The handler of a route module's method when it is an `endpoint()` (405 stubs are not). */
export function endpointOf(mod: Partial<Record<string, unknown>>, method: string): Endpoint | undefined {
  const handler = mod[method];
  return typeof handler === "function" && "spec" in handler ? (handler as Endpoint) : undefined;
}

function specOf(op: OperationDoc): Spec {
  return op.request as Spec;
}

/** A real 422 example: what the handler's own schema says about an empty request. */
function validationCase(spec: Spec): ErrorCase {
  const probes: Array<[z.ZodType | undefined, unknown]> = [
    [spec.body, {}],
    [spec.params, {}],
    [spec.query, { limit: "0", page: "0", type: "x", status: "x", country_code: "", amount: "" }],
  ];
  for (const [schema, probe] of probes) {
    if (!schema) continue;
    const result = schema.safeParse(probe);
    if (!result.success) {
      const error = new AppError("validation_failed", "Validation failed", zodToFieldErrors(result.error));
      return { ...commonErrorCases.validation, error };
    }
  }
  return commonErrorCases.validation;
}

function errorCasesFor(spec: Spec, op: OperationDoc): ErrorCase[] {
  const cases: ErrorCase[] = [];
  if (spec.auth === "merchant") cases.push(commonErrorCases.unauthenticated);
  if (spec.body) cases.push(commonErrorCases.invalidJson);
  if (spec.body || spec.query || spec.params) cases.push(validationCase(spec));
  cases.push(...(op.errors ?? []));
  if (spec.auth === "merchant") cases.push(...keyRestrictionCases(spec, op));
  if (spec.auth === "merchant") cases.push(commonErrorCases.rateLimited);
  cases.push(commonErrorCases.internal);
  if (spec.auth === "merchant") cases.push(commonErrorCases.serviceUnavailable);
  return cases;
}

/** Restricted keys (issue 22): the 403s a read-only or IP-limited key can meet on this operation. */
function keyRestrictionCases(spec: Spec, op: OperationDoc): ErrorCase[] {
  const access = accessOf(op.method, spec.keyAccess);
  const cases: ErrorCase[] = [{ key: "key_address_not_allowed", summary: "The API key's IP allow-list does not include the caller's address", error: keyRestrictionErrors.addressNotAllowed("203.0.113.9") }];
  if (access === "write") cases.push({ key: "key_read_only", summary: "A read-only API key cannot use this operation", error: keyRestrictionErrors.readOnly() });
  if (access === "full") cases.push({ key: "key_full_only", summary: "Only a full-access API key can use this operation", error: keyRestrictionErrors.fullOnly() });
  return cases;
}

const retryAfter = z.object({ "Retry-After": z.string().describe("Seconds to wait before retrying.").meta({ example: "1" }) });

function errorResponses(cases: ErrorCase[]): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ErrorCase[]>();
  for (const c of cases) byStatus.set(c.error.status, [...(byStatus.get(c.error.status) ?? []), c]);
  const out: Record<string, ResponseConfig> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.map((c) => c.summary).join("; "),
      ...(status === 429 || list.some((c) => c.error.headers["Retry-After"]) ? { headers: retryAfter } : {}),
      content: {
        "application/json": {
          schema: errorEnvelope(list),
          examples: Object.fromEntries(list.map((c) => [c.key, { summary: c.summary, value: errorBody(c.error) }])),
        },
      },
    };
  }
  return out;
}

function successResponse(op: OperationDoc): ResponseConfig {
  const s = op.success;
  const schema = s.enveloped === false ? s.schema : successEnvelope(s.schema, s.message ?? "Success");
  const example = s.example === undefined ? undefined : s.enveloped === false ? s.example : { status: "success", message: s.message ?? "Success", data: s.example };
  return {
    description: s.description,
    ...(s.headers ? { headers: s.headers } : {}),
    content: {
      "application/json": { schema, ...(example === undefined ? {} : { example }) },
      ...Object.fromEntries(
        Object.entries(s.alternatives ?? {}).map(([type, alt]) => [type, { schema: alt.schema, ...(alt.example === undefined ? {} : { example: alt.example }) }]),
      ),
    },
  };
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function routeConfig(op: OperationDoc, registry: OpenAPIRegistry): RouteConfig {
  const spec = specOf(op);
  const request: NonNullable<RouteConfig["request"]> = {};
  if (spec.params) request.params = spec.params as z.ZodObject;
  if (spec.query) request.query = spec.query as z.ZodObject;
  if (op.headers) request.headers = op.headers;
  if (spec.body) {
    const body = registry.register(`${pascal(op.operationId)}Request`, spec.body);
    request.body = {
      required: true,
      content: { "application/json": { schema: body, ...(op.requestExample ? { example: op.requestExample } : {}) } },
    };
  }
  return {
    method: op.method.toLowerCase() as RouteConfig["method"],
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: spec.auth === "merchant" ? [{ bearerAuth: [] }] : [],
    request,
    responses: { "200": successResponse(op), ...errorResponses(errorCasesFor(spec, op)) },
  };
}

function buildDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "Your API key: `sk_test_…` (test mode, sandbox networks) or `sk_live_…` (live mode).",
  });
  registry.register("ErrorEnvelope", anyErrorEnvelope);
  registry.register("FieldErrors", fieldErrorsSchema);
  for (const op of operations()) registry.registerPath(routeConfig(op, registry));
  registry.registerWebhook({
    method: "post",
    path: "transaction.status",
    operationId: "transactionStatusWebhook",
    summary: "Transaction status changed",
    description: webhookDescription,
    request: {
      headers: webhookHeaders,
      body: { required: true, content: { "application/json": { schema: webhookPayloadSchema, example: examples.webhook } } },
    },
    responses: {
      "200": { description: "Any 2xx within 10 seconds acknowledges the event. Anything else (or a redirect, timeout, refused connection) is retried." },
    },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Sika API", version: "1.0.0", description: apiDescription, contact: { name: "Sika", url: "/docs" } },
    servers: [{ url: DEFAULT_SERVER_URL }],
    tags,
    security: [{ bearerAuth: [] }],
  });
}

let cached: OpenApiDocument | undefined;

/** The document (built once per process), with `servers` set to where it is served from. */
export function openApiDocument(opts: { serverUrl?: string } = {}): OpenApiDocument {
  cached ??= buildDocument();
  return opts.serverUrl ? { ...cached, servers: [{ url: opts.serverUrl, description: "This server" }] } : cached;
}
