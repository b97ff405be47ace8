import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "./document";

/**
 * The committed artifacts generated from the document: docs/openapi.json and the typed
 * client's types (server/client/generated/schema.d.ts). `npm run generate:client` writes
 * them; tests/unit/openapi-artifacts.test.ts fails when the committed copies are stale.
 */
export const ARTIFACT_PATHS = {
  openapiJson: "docs/openapi.json",
  schemaTypes: "server/client/generated/schema.d.ts",
} as const;

export async function renderArtifacts(): Promise<Record<keyof typeof ARTIFACT_PATHS, string>> {
  const doc = openApiDocument();
  const openapiJson = `${JSON.stringify(doc, null, 2)}\n`;
  // A plain copy (its types are looser than zod-to-openapi's, same JSON). defaultNonNullable off:
  // a field with a default (payment_method) stays optional in requests.
  const ast = await openapiTS(JSON.parse(openapiJson) as OpenAPI3, { silent: true, alphabetize: false, defaultNonNullable: false });
  const schemaTypes = `${COMMENT_HEADER}// Generated from docs/openapi.json by \`npm run generate:client\` - do not edit.\n\n${astToString(ast)}`;
  return { openapiJson, schemaTypes };
}
