import { describe, expect, it } from "vitest";
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/mobile/examples";
import { predictNetwork } from "@/server/catalog/predict-network";
import { longestPrefixMatch, numberingPlanFor, numberingPlans } from "@/server/catalog/numbering-plans";
import { coverage } from "@/server/catalog/coverage";
import { AppError } from "@/server/errors";

/** The error predictNetwork throws for this input (status, message, data), or the prediction. */
function outcome(phone: string) {
  try {
    return predictNetwork(phone);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, message: err.message, data: err.data };
  }
}

const notFound = { status: 404, message: "Network not found", data: null };
const invalid = {
  status: 422,
  message: "Validation failed",
  data: { phone_number: ["The phone_number field must be a valid phone number in international format, e.g. +2250701020304."] },
};

/** One hand-picked number per operator range family, per covered country: [phone, network]. */
const operatorNumbers: Record<string, Array<[string, string]>> = {
  BF: [["+22670123456", "moov"], ["+22601234567", "moov"], ["+22675123456", "orange"], ["+22605123456", "orange"], ["+22654123456", "orange"]],
  BJ: [["+2290196123456", "mtn"], ["+2290151123456", "mtn"], ["+2290142123456", "mtn"], ["+2290195123456", "moov"], ["+2290155123456", "moov"], ["+2290140123456", "celtiis"], ["+2290192123456", "celtiis"]],
  CG: [["+242061234567", "mtn"]],
  CD: [["+243811234567", "vodacom"], ["+243861234567", "vodacom"], ["+243841234567", "orange"], ["+243891234567", "orange"], ["+243901234567", "africell"], ["+243991234567", "airtel"], ["+243971234567", "airtel"]],
  CM: [["+237670123456", "mtn"], ["+237650123456", "mtn"], ["+237681123456", "mtn"], ["+237690123456", "orange"], ["+237655123456", "orange"], ["+237686123456", "orange"]],
  CI: [["+2250701020304", "orange"], ["+2250501020304", "mtn"], ["+2250102030405", "moov"]],
  GM: [["+2207123456", "afrimoney"], ["+2202123456", "afrimoney"], ["+2203123456", "qmoney"], ["+2205123456", "qmoney"]],
  GN: [["+224620123456", "orange"], ["+224610123456", "orange"], ["+224660123456", "mtn"]],
  ML: [["+22376123456", "orange"], ["+22383123456", "orange"], ["+22366123456", "moov"], ["+22395123456", "moov"]],
  SN: [["+221771234567", "orange"], ["+221781234567", "orange"], ["+221761234567", "free"]],
  TG: [["+22890123456", "togocom"], ["+22891123456", "togocom"], ["+22892123456", "togocom"], ["+22870123456", "togocom"], ["+22899123456", "moov"], ["+22898123456", "moov"], ["+22879123456", "moov"]],
  UG: [["+256772123456", "mtn"], ["+256782123456", "mtn"], ["+256790123456", "mtn"], ["+256752123456", "airtel"], ["+256701123456", "airtel"], ["+256795123456", "airtel"]],
  TZ: [["+255754123456", "vodacom"], ["+255744123456", "vodacom"], ["+255784123456", "airtel"], ["+255684123456", "airtel"], ["+255714123456", "tigo"], ["+255654123456", "tigo"], ["+255621234567", "halotel"]],
  KE: [["+254722123456", "safaricom"], ["+254110123456", "safaricom"], ["+254757123456", "safaricom"], ["+254733123456", "airtel"], ["+254100123456", "airtel"], ["+254751123456", "airtel"]],
  RW: [["+250788123456", "mtn"], ["+250791234567", "mtn"], ["+250731234567", "airtel"], ["+250721234567", "airtel"]],
};

describe("numbering plans (data)", () => {
  it("exist for exactly the 15 covered countries, each naming its regulator's plan and the portability caveat", () => {
    expect(numberingPlans.map((p) => p.country_code).sort()).toEqual(coverage.map((c) => c.code).sort());
    for (const plan of numberingPlans) {
      expect(plan.source.regulator, plan.country_code).not.toBe("");
      expect(plan.source.document, plan.country_code).not.toBe("");
      expect(plan.portability, plan.country_code).toMatch(/best guess/);
    }
  });

  it("say what was checked: CI, KE and TZ against the regulator's plan; the others name the texts read and keep the 'to be re-verified' marking", () => {
    const confirmed = new Set(["CI", "KE", "TZ"]);
    for (const plan of numberingPlans) {
      const { how, references } = plan.source;
      if (confirmed.has(plan.country_code)) {
        expect(how, plan.country_code).not.toMatch(/to be re-verified/);
        continue;
      }
      expect(how, plan.country_code).toMatch(/to be re-verified/);
      expect(references?.length, `${plan.country_code} names no text it was checked against`).toBeGreaterThan(0);
    }
  });

  it("state portability where the regulator put it in service (KE 2011, SN 2015, TG 2024)", () => {
    for (const cc of ["KE", "SN", "TG"]) expect(numberingPlanFor(cc)!.portability, cc).toMatch(/in service/);
  });

  it("only name networks of their country's catalog, or null for operators Sika does not serve", () => {
    for (const plan of numberingPlans) {
      const ids = coverage.find((c) => c.code === plan.country_code)!.networks.map((n) => n.id);
      for (const r of plan.ranges) if (r.network !== null) expect(ids, `${plan.country_code} ${r.operator}`).toContain(r.network);
    }
  });

  it("give every covered mobile operator with a range of its own at least one prefix", () => {
    const walletsWithoutRanges = new Set(["wave", "aps", "coris"]);
    for (const country of coverage) {
      const plan = numberingPlanFor(country.code)!;
      for (const n of country.networks) {
        if (walletsWithoutRanges.has(n.id)) continue;
        expect(plan.ranges.some((r) => r.network === n.id), `${country.code} ${n.id}`).toBe(true);
      }
    }
  });

  it("match the longest prefix (a carve-out inside another operator's range wins)", () => {
    const ke = numberingPlanFor("KE")!;
    expect(longestPrefixMatch(ke, "744123456")?.range.operator).toBe("Homeland Media");
    expect(longestPrefixMatch(ke, "745123456")?.range.network).toBe("safaricom");
    expect(longestPrefixMatch(ke, "757123456")?.range.network).toBe("safaricom");
    expect(longestPrefixMatch(ke, "756123456")?.range.network).toBe("airtel");
    expect(longestPrefixMatch(ke, "999")).toBeUndefined();
  });
});

describe("predictNetwork: each operator's ranges", () => {
  for (const [country, cases] of Object.entries(operatorNumbers)) {
    it(`${country}: ${[...new Set(cases.map(([, n]) => n))].join(", ")}`, () => {
      for (const [phone, network] of cases) {
        expect(outcome(phone), phone).toEqual({ phone_number: phone.slice(1), country_code: country, network });
      }
    });
  }

  it("answers every prefix of every covered range with that range's network (a number built on each prefix)", () => {
    let checked = 0;
    for (const plan of numberingPlans) {
      const length = getExampleNumber(plan.country_code as CountryCode, mobileExamples)!.nationalNumber.length;
      for (const range of plan.ranges) {
        if (range.network === null) continue;
        for (const prefix of range.prefixes) {
          // The first filler whose number this very prefix answers (not a longer carve-out).
          const nsn = [..."0123456789"]
            .map((d) => (prefix + d + "23456789012345").slice(0, length))
            .find((n) => longestPrefixMatch(plan, n)?.prefix === prefix);
          expect(nsn, `${plan.country_code} ${prefix} is entirely carved out`).toBeDefined();
          const phone = `+${plan.dialing_code}${nsn}`;
          expect(outcome(phone), `${plan.country_code} ${range.operator} ${prefix}`).toEqual({
            phone_number: phone.slice(1),
            country_code: plan.country_code,
            network: range.network,
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("accepts bare international, 00 and spaced/dashed forms and answers E.164 without the plus", () => {
    expect(outcome("2250701020304")).toEqual({ phone_number: "2250701020304", country_code: "CI", network: "orange" });
    expect(outcome("00225 07 01 02 03 04")).toEqual({ phone_number: "2250701020304", country_code: "CI", network: "orange" });
    expect(outcome("+254 (722) 123-456")).toEqual({ phone_number: "254722123456", country_code: "KE", network: "safaricom" });
    // An unencoded `+` in a query string arrives as a space.
    expect(outcome(" 2250501020304")).toEqual({ phone_number: "2250501020304", country_code: "CI", network: "mtn" });
  });
});

describe("predictNetwork: no matching range (404 Network not found)", () => {
  it.each([
    ["+242051234567", "CG Airtel Congo: not a Sika network"],
    ["+242041234567", "CG Airtel Congo's ex-Warid 04"],
    ["+237661234567", "CM Nexttel"],
    ["+221701234567", "SN Expresso"],
    ["+224651234567", "GN Cellcom"],
    ["+22350123456", "ML Telecel"],
    ["+256712123456", "UG Uganda Telecom"],
    ["+255731234567", "TZ TTCL"],
    ["+254771234567", "KE Telkom"],
    ["+254744123456", "KE Homeland Media, carved out of Safaricom's 74"],
    ["+254763123456", "KE Finserve, carved out of 76"],
    ["+250771234567", "RW KtRN"],
    ["+2206123456", "GM Comium"],
    ["+22658123456", "BF Telecel Faso"],
  ])("%s (%s)", (phone) => {
    expect(parsePhoneNumberFromString(phone)?.isValid(), `${phone} must be a valid number for this case`).toBe(true);
    expect(outcome(phone)).toEqual(notFound);
  });

  it.each([["+2252721234567"], ["+254201234567"], ["+221338212345"]])("a valid landline has no mobile range: %s", (phone) => {
    expect(parsePhoneNumberFromString(phone)?.getType()).toBe("FIXED_LINE");
    expect(outcome(phone)).toEqual(notFound);
  });
});

describe("predictNetwork: invalid numbers (422 on phone_number)", () => {
  it.each([
    ["abc"],
    [""],
    ["+225070102030"],
    ["0701020304"],
    ["+22997000000"],
    ["+2250901020304"],
    ["++2250701020304"],
    ["+225 07 01 02 03 04 05 06 07 08"],
  ])("%j", (phone) => {
    expect(outcome(phone)).toEqual(invalid);
  });

  it("a valid number outside the 15 covered countries is 422 naming them", () => {
    expect(outcome("+33612345678")).toEqual({
      status: 422,
      message: "Validation failed",
      data: { phone_number: ["The phone_number field must be a number in one of the covered countries: BF, BJ, CG, CD, CM, CI, GM, GN, ML, SN, TG, UG, TZ, KE, RW."] },
    });
  });
});
