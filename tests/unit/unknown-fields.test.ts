import { describe, expect, it } from "vitest";
import { z } from "@/server/zod";
import { knownKeysAt, meantKey } from "@/server/contracts/unknown-fields";
import { parseOrThrow } from "@/server/contracts/validation";
import { createEndpointBody, updateEndpointBody } from "@/server/webhooks/endpoints.contract";
import { AppError } from "@/server/errors";

/** A body that refuses unknown fields names the field a misspelt one was meant to be. */
const refusal = (schema: z.ZodType, input: unknown) => {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    if (err instanceof AppError) return err.data;
    throw err;
  }
  throw new Error("accepted");
};

describe("unknown fields", () => {
  it("names the field it was likely meant to be, in the webhook endpoint's bodies", () => {
    expect(refusal(createEndpointBody, { url: "https://example.com/h", event_type: ["refund"] })).toEqual({ body: ["Unknown fields: event_type (did you mean event_types?)."] });
    expect(refusal(updateEndpointBody, { events: ["refund"], discription: "x", colour: "red" })).toEqual({
      body: ["Unknown fields: events (did you mean event_types?), discription (did you mean description?), colour."],
    });
    expect(refusal(createEndpointBody, { url: "https://example.com/h", eventTypes: ["refund"] })).toEqual({ body: ["Unknown fields: eventTypes (did you mean event_types?)."] });
  });

  it("reads the known keys through wrappers and nested objects, and suggests nothing far off", () => {
    const schema = z.strictObject({ settings: z.strictObject({ enabled: z.boolean(), retries: z.int() }).optional(), items: z.array(z.strictObject({ amount: z.int() })) });
    expect(knownKeysAt(schema, [])).toEqual(["settings", "items"]);
    expect(knownKeysAt(schema, ["settings"])).toEqual(["enabled", "retries"]);
    expect(knownKeysAt(schema, ["items", 0])).toEqual(["amount"]);
    expect(knownKeysAt(schema, ["nope", "deeper"])).toEqual([]);
    expect(refusal(schema, { items: [{ amount: 1, amout: 2 }], settings: { enabled: true, retries: 1, retires: 2 } })).toEqual({
      "items.0": ["Unknown fields: amout (did you mean amount?)."],
      settings: ["Unknown fields: retires (did you mean retries?)."],
    });
    expect(meantKey("id", ["url", "ids"])).toBeUndefined();
    expect(meantKey("callback", ["url", "description", "event_types"])).toBeUndefined();
    expect(meantKey("URL", ["url", "description"])).toBe("url");
  });
});
