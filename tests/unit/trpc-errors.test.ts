import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorCode, friendlyError } from "@/components/trpc/errors";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

/** The dashboard's "temporarily unavailable" state (issue 16): tRPC SERVICE_UNAVAILABLE is said as such, in EN and FR. */
const unavailable = () =>
  new TRPCClientError("Service unavailable", { result: { error: { code: -32603, message: "Service unavailable", data: { code: "SERVICE_UNAVAILABLE" } } } } as never);

describe("friendlyError", () => {
  it("says a SERVICE_UNAVAILABLE answer is temporary, not that something went wrong", () => {
    const t = ((key: string) => key) as never;
    expect(errorCode(unavailable())).toBe("SERVICE_UNAVAILABLE");
    expect(friendlyError(unavailable(), t)).toBe("errors.unavailable");
  });

  it("has the unavailable state's words in both languages", () => {
    for (const m of [en, fr]) {
      expect(m.errors.unavailableTitle.length).toBeGreaterThan(10);
      expect(m.errors.unavailable.length).toBeGreaterThan(20);
    }
    expect(fr.errors.unavailableTitle).not.toBe(en.errors.unavailableTitle);
  });
});
