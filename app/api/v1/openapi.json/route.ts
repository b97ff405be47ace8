import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { publicOrigin } from "@/server/http/base-url";
import { getOpenApiDocumentContract } from "@/server/openapi/get-document.contract";

// D12: the document generated from the handlers' own zod schemas. No auth. Loaded lazily:
// the builder reads every contract, and keeps its weight off the other routes.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getOpenApiDocumentContract.request, async ({ req }) => {
    const { openApiDocument } = await import("@/server/openapi/document");
    return json(openApiDocument({ serverUrl: publicOrigin(req) }), 200, { "cache-control": "public, max-age=300" });
  }),
});
