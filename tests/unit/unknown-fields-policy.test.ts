import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/payments.md (Validation): unknown body fields are refused only where a body
 * configures something (a misspelt setting would be dropped in silence); the bodies
 * that ask for money to move ignore them, as MbiyoPay's Laravel API does (D17, D20). The
 * committed OpenAPI document (kept fresh by openapi-artifacts.test.ts) says which body
 * is which; a new strict or lenient body must be placed in this list on purpose.
 */
type Schema = { $ref?: string; additionalProperties?: boolean };
type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>; components: { schemas: Record<string, Schema> } };

const REFUSING = ["POST /api/v1/merchant/api-keys", "POST /api/v1/merchant/events/{id}/redeliver", "POST /api/v1/merchant/webhook-endpoints", "PATCH /api/v1/merchant/webhook-endpoints/{id}"];

describe("unknown body fields", () => {
  it("are refused by the configuring bodies only, as docs/payments.md lists them", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(process.cwd(), "docs/openapi.json"), "utf8")) as Doc;
    const refusing: string[] = [];
    const ignoring: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        let schema = op.requestBody?.content["application/json"]?.schema;
        if (!schema) continue;
        if (schema.$ref) schema = doc.components.schemas[schema.$ref.split("/").pop()!];
        (schema.additionalProperties === false ? refusing : ignoring).push(`${method.toUpperCase()} ${p}`);
      }
    }
    expect(refusing.sort()).toEqual([...REFUSING].sort());
    expect(ignoring).toEqual(expect.arrayContaining(["POST /api/v1/merchant/payin", "POST /api/v1/merchant/payout", "POST /api/v1/merchant/payment-links", "POST /api/v1/merchant/settlements"]));
  });
});
