import { describe, expect, it } from "vitest";
import { GET } from "@/app/favicon.ico/route";

describe("/favicon.ico", () => {
  it("redirects to the app icon on the browser's own origin (a relative Location)", () => {
    const res = GET();
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/icon.svg");
  });
});
