import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";

/** GET /api/v1/openapi.json (D12): the document built from every contract. No auth. */
export const getOpenApiDocumentContract = defineOperation({
  path: "/api/v1/openapi.json",
  method: "GET",
  request: { auth: "none" },
  operationId: "getOpenApiDocument",
  tag: "Meta",
  summary: "This OpenAPI document",
  description: "OpenAPI 3.1, generated from the zod schemas the handlers validate with. No authentication.",
  success: {
    description: "The OpenAPI document",
    schema: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) }).catchall(z.unknown()),
    example: undefined,
    enveloped: false,
  },
});
