import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorCode, friendlyError, shownFieldErrors } from "@/components/trpc/errors";
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

  it("says an unverified address's refusal (issue 22) in the page's language", () => {
    const t = ((key: string) => key) as never;
    const err = new TRPCClientError("Confirm your email address first", {
      result: { error: { code: -32603, message: "Confirm your email address first", data: { code: "FORBIDDEN", appCode: "email_unverified" } } },
    } as never);
    expect(friendlyError(err, t)).toBe("identity.emailUnverified");
    expect(fr.identity.emailUnverified).not.toBe(en.identity.emailUnverified);
  });

  it("has the unavailable state's words in both languages", () => {
    for (const m of [en, fr]) {
      expect(m.errors.unavailableTitle.length).toBeGreaterThan(10);
      expect(m.errors.unavailable.length).toBeGreaterThan(20);
    }
    expect(fr.errors.unavailableTitle).not.toBe(en.errors.unavailableTitle);
  });
});

/** A validation refusal as the tRPC error formatter sends it (server/trpc/init.ts): fields → messages. */
const refused = (fields: Record<string, string[]>) =>
  new TRPCClientError("Invalid input", { result: { error: { code: -32600, message: "Invalid input", data: { code: "BAD_REQUEST", fields } } } } as never);

describe("shownFieldErrors (useFormMutation's field errors)", () => {
  const err = refused({ amount: ["Too small", "Not a number"], "metadata.phone_number": ["Not a phone"], merchantId: ["Unknown"] });

  it("without a list, shows every field under its own name, first message each", () => {
    expect(shownFieldErrors(err)).toEqual({ amount: "Too small", "metadata.phone_number": "Not a phone", merchantId: "Unknown" });
  });

  it("keeps only the fields the form shows, renamed by a map, first mapped message wins", () => {
    expect(shownFieldErrors(err, ["amount"])).toEqual({ amount: "Too small" });
    expect(shownFieldErrors(err, { "metadata.phone_number": "phoneNumber", phoneNumber: "phoneNumber" })).toEqual({ phoneNumber: "Not a phone" });
  });

  it("leaves nothing for a form that shows none of the fields: the refusal becomes the form's error", () => {
    const t = ((key: string) => key) as never;
    expect(shownFieldErrors(err, [])).toEqual({});
    expect(friendlyError(err, t)).toBe("Too small");
    expect(shownFieldErrors(new Error("network"), ["amount"])).toEqual({});
  });
});
