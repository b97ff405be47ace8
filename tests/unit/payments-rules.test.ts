import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { coverage, findCountry, findNetwork } from "@/server/catalog/coverage";
import { normalizePhone } from "@/server/catalog/phone";
import { processedAmount } from "@/server/fees/amount-rules";
import { formatMoney, payinAuthorization } from "@/server/payments/payin-authorization";
import { microsecondTimestamp, splitName } from "@/server/payments/reference-view";
import { maskPhone, returnUrlWithOutcome } from "@/server/payments/checkout";
import { sandboxPhoneOutcome } from "@/server/connectors/sandbox";
import { inspectDestination } from "@/server/payments/destination";
import { returnUrlProblem } from "@/server/payments/creation";
import { filtersFromQuery } from "@/server/payments/list-transactions";
import { defaultFeeRules } from "@/server/fees/schedule";
import { AppError } from "@/server/errors";
import { sandboxPhone, sandboxPhonePrefixes, sandboxSuffixes } from "../helpers/sandbox-numbers";

const ci = findCountry("CI")!;
const ke = findCountry("KE")!;

describe("processed amount (D2)", () => {
  it("rounds to 5 half up where the country does, leaves others alone", () => {
    expect(processedAmount(ci, ci.currencies[0], 100200n)).toBe(100000n);
    expect(processedAmount(ci, ci.currencies[0], 100300n)).toBe(100500n);
    expect(processedAmount(ci, ci.currencies[0], 100250n)).toBe(100500n);
    expect(processedAmount(ke, ke.currencies[0], 100300n)).toBe(100300n);
  });

  it("refuses outside the limits with the D2 message and data", () => {
    try {
      processedAmount(ci, ci.currencies[0], 49_749n);
      throw new Error("no error");
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect([e.status, e.message, e.data]).toEqual([
        400,
        "Amount must be between 500 and 1500000 XOF for CI",
        { amount: 495, min_amount: 500, max_amount: 1_500_000, currency: "XOF" },
      ]);
    }
  });

  it("always yields a multiple of 5 within half a step of the request (property)", () => {
    const rounding = coverage.filter((c) => c.roundsToFive);
    expect(rounding.map((c) => c.code).sort()).toEqual(["BF", "BJ", "CI", "CM", "GN", "ML", "TG"]);
    fc.assert(
      fc.property(fc.constantFrom(...rounding), fc.bigInt({ min: 50_000n, max: 150_000_000n }), (country, requested) => {
        const out = processedAmount(country, { ...country.currencies[0], min: 0n, max: 10n ** 12n }, requested);
        return out % 500n === 0n && out - requested <= 250n && requested - out < 250n;
      }),
    );
  });
});

describe("payin authorization (D7)", () => {
  const base = { transactionId: "pi_X", amount: 100500n, currency: "XOF", phone: "22670001234", omOtp: null, origin: "https://pay.example/" };
  const auth = (country: string, network: string, extra: Partial<typeof base> = {}) => {
    const c = findCountry(country)!;
    return payinAuthorization({ ...base, country: c, network: findNetwork(c, network)!, ...extra });
  };

  it("fills the amount into Burkina Faso's USSD code", () => {
    expect(auth("BF", "orange").instructions).toContain("<strong>*144*4*6*1005#</strong>");
    expect(auth("BF", "orange").instructions).toContain("1,005 XOF");
  });

  it("drops everything with om_otp, links wave to the hosted checkout, asks for a pin on qmoney", () => {
    expect(auth("CI", "orange", { omOtp: "1234" } as never)).toEqual({ authMode: null, instructions: null, redirectUrl: null });
    expect(auth("SN", "wave").redirectUrl).toBe("https://pay.example/checkout/pi_X");
    expect(auth("GM", "qmoney", { currency: "GMD" }).authMode).toBe("pin");
    expect(auth("KE", "mpesa")).toEqual({ authMode: null, instructions: null, redirectUrl: null });
  });

  it("formats money for people", () => {
    expect(formatMoney(100500n, "XOF")).toBe("1,005 XOF");
    expect(formatMoney(150000000n, "XOF")).toBe("1,500,000 XOF");
    expect(formatMoney(10050n, "GMD")).toBe("100.50 GMD");
    expect(formatMoney(1001n, "KES")).toBe("10.01 KES");
  });
});

describe("sandbox (D9)", () => {
  it("chooses the outcome by the last 4 digits", () => {
    expect(sandboxPhoneOutcome("2250700000001", "payin")).toEqual({ outcome: "failed", reason: "Customer has insufficient funds" });
    expect(sandboxPhoneOutcome("2250700000001", "payout")).toEqual({ outcome: "failed", reason: "Recipient account not found" });
    expect(sandboxPhoneOutcome("2250700000002", "payin")?.outcome).toBe("cancelled");
    expect(sandboxPhoneOutcome("2250700000003", "payout")).toBeNull();
    expect(sandboxPhoneOutcome("2250700001234", "payout")).toEqual({ outcome: "successful", reason: null });
  });

  it("has valid sandbox numbers for every country and outcome", () => {
    expect(Object.keys(sandboxPhonePrefixes).sort()).toEqual(coverage.map((c) => c.code).sort());
    for (const country of coverage) {
      for (const outcome of Object.keys(sandboxSuffixes) as (keyof typeof sandboxSuffixes)[]) {
        const phone = sandboxPhone(country.code, outcome);
        expect(normalizePhone(phone, country.code), `${country.code} ${outcome}`).toBe(phone.slice(1));
      }
    }
  });
});

describe("destination checks (D6)", () => {
  it("resolves aliases and forms to canonical values", () => {
    const r = inspectDestination({ metadata: { country_code: "ke", network: "MPESA", phone_number: "0712341234" } }, "payin");
    expect(r.issues).toEqual([]);
    expect([r.destination?.country.code, r.destination?.limits.currency, r.destination?.network.id, r.destination?.phone]).toEqual([
      "KE",
      "KES",
      "safaricom",
      "254712341234",
    ]);
  });

  it("leaves wrong types to zod and reports nothing it cannot judge", () => {
    expect(inspectDestination({ metadata: { country_code: 5, network: [], phone_number: null } }, "payout").issues).toEqual([]);
    expect(inspectDestination("nope", "payin").issues).toEqual([]);
  });
});

describe("small mappings", () => {
  it("splits names into first, middle and last", () => {
    expect(splitName("Awa Diop")).toEqual({ first: "Awa", middle: null, last: "Diop" });
    expect(splitName("  Awa  Marie Fatou   Diop ")).toEqual({ first: "Awa", middle: "Marie Fatou", last: "Diop" });
    expect(splitName("Cher")).toEqual({ first: "Cher", middle: null, last: "" });
  });

  it("writes timestamps with microseconds", () => {
    expect(microsecondTimestamp(new Date("2026-01-01T10:00:00.123Z"))).toBe("2026-01-01T10:00:00.123000Z");
  });

  it("masks phone numbers and builds the return URL", () => {
    expect(maskPhone("2250700001234")).toBe("+22507••••1234");
    expect(returnUrlWithOutcome({ id: "pi_1", status: "successful", returnUrl: "https://a.example/r?x=1" })).toBe(
      "https://a.example/r?x=1&transaction_id=pi_1&status=successful",
    );
    expect(returnUrlWithOutcome({ id: "pi_1", status: "failed", returnUrl: null })).toBeNull();
  });

  it("checks return URLs per mode", () => {
    expect(returnUrlProblem("https://a.example/", "live")).toBeNull();
    expect(returnUrlProblem("http://localhost:3000/back", "test")).toBeNull();
    expect(returnUrlProblem("http://a.example/", "live")).toBe("The return_url field must be an https URL in live mode.");
    expect(returnUrlProblem("javascript:alert(1)", "test")).toBe("The return_url field must be a valid URL.");
  });

  it("turns list queries into filters: cashin/cashout, inclusive dates", () => {
    const f = filtersFromQuery({ type: "cashout", created_from: "2026-01-01", created_to: "2026-01-31" });
    expect(f.type).toBe("payout");
    expect(f.createdFrom?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(f.createdBefore?.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(filtersFromQuery({ created_to: "2026-01-31T10:00:00Z" }).createdBefore?.toISOString()).toBe("2026-01-31T10:00:00.001Z");
  });

  it("seeds a default fee rule for every direction, country and currency", () => {
    const rules = defaultFeeRules();
    // (payin, payout, settlement to the bank: issue 21) x 16 country-currency pairs.
    expect(rules).toHaveLength(48);
    expect(rules.find((r) => r.countryCode === "CI" && r.direction === "settlement")).toMatchObject({ rateBps: 50, network: "*", fixedAmount: 0n });
    expect(rules.find((r) => r.countryCode === "CD" && r.currency === "CDF" && r.direction === "payout")).toMatchObject({ rateBps: 100, network: "*" });
  });
});
