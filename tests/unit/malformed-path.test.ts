import { describe, expect, it } from "vitest";
import { mendMalformedPath, mendMalformedTarget } from "@/server/http/malformed-path";

describe("malformed page paths", () => {
  it("replaces each segment that does not decode, and only those", () => {
    expect(mendMalformedPath("/pay/%E0%A4%A")).toBe("/pay/_");
    expect(mendMalformedPath("/checkout/a%ZZ")).toBe("/checkout/_");
    expect(mendMalformedPath("/dashboard/transactions/%C0%AF")).toBe("/dashboard/transactions/_");
    expect(mendMalformedPath("/pay/%FF/x/%")).toBe("/pay/_/x/_");
  });

  it("leaves paths that decode alone, encoded characters included", () => {
    for (const path of ["/", "/pay/a73f6jmu4r", "/dashboard/transactions/%25", "/docs/caf%C3%A9", "/pay/a%20b", "/dashboard/transactions/pi_%2F"]) {
      expect(mendMalformedPath(path), path).toBeNull();
    }
  });

  it("mends the path of a request target and keeps its query as sent", () => {
    expect(mendMalformedTarget("/pay/%E0%A4%A?x=%ZZ&y=1")).toBe("/pay/_?x=%ZZ&y=1");
    expect(mendMalformedTarget("/pay/ok?x=%ZZ")).toBeNull();
    expect(mendMalformedTarget("/pay/%E0")).toBe("/pay/_");
  });
});
