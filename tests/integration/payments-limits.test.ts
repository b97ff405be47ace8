import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { listFeeRules, updateFeeRule } from "@/server/fees/schedule";
import { seedReferenceData } from "@/server/seed/reference-data";

/** D2 limits and rounding, D3 fees: on creation and on the quote endpoint alike. */
let app: TestApp;
let key: string;
let merchantId: string;

beforeAll(async () => {
  app = await startTestApp();
  const m = await app.createMerchant();
  key = m.testApiKey!;
  merchantId = m.merchantId;
});
afterAll(() => app.close());

const payin = (json: unknown) => app.request("/api/v1/merchant/payin", { method: "POST", key, json });

// The 16 rows of interface section 8: country, currency, network, min, max, rounds to 5.
const LIMITS: [string, string, string, number, number, boolean][] = [
  ["CD", "USD", "airtel", 0.1, 2500, false],
  ["CD", "CDF", "airtel", 40, 5_000_000, false],
  ["BJ", "XOF", "mtn", 50, 1_500_000, true],
  ["CM", "XAF", "mtn", 50, 1_500_000, true],
  ["BF", "XOF", "moov", 500, 1_500_000, true],
  ["CI", "XOF", "mtn", 500, 1_500_000, true],
  ["SN", "XOF", "free", 500, 1_500_000, false],
  ["TG", "XOF", "moov", 500, 1_500_000, true],
  ["CG", "XAF", "mtn", 500, 1_500_000, false],
  ["GN", "GNF", "mtn", 500, 1_500_000, true],
  ["ML", "XOF", "moov", 500, 1_500_000, true],
  ["GM", "GMD", "afrimoney", 10, 200_000, false],
  ["UG", "UGX", "mtn", 500, 5_000_000, false],
  ["TZ", "TZS", "airtel", 500, 5_000_000, false],
  ["KE", "KES", "airtel", 10, 70_000, false],
  ["RW", "RWF", "mtn", 100, 5_000_000, false],
];

describe("per-country limits on the processed amount", () => {
  it.each(LIMITS)("%s %s: %d .. %d", async (country, currency, network, min, max, roundsToFive) => {
    // Just outside: one cent, one unit in a zero-decimal currency (fractions are a 422 there,
    // D14), or one multiple of 5 where amounts are rounded to 5.
    const zeroDecimal = ["XOF", "XAF", "GNF", "UGX", "RWF"].includes(currency);
    const step = roundsToFive ? 5 : zeroDecimal ? 1 : 0.01;
    const below = Math.round((min - step) * 100) / 100;
    const above = Math.round((max + step) * 100) / 100;
    for (const amount of [min, max]) {
      const res = await payin(payinRequest({ country, network, currency, amount }));
      expect(res.status, `${amount}`).toBe(200);
      expect(res.body.data.amount).toBe(amount);
      expect(res.body.data.currency).toBe(currency);
    }
    for (const amount of [below, above]) {
      const res = await payin(payinRequest({ country, network, currency, amount }));
      expect(res.status, `${amount}`).toBe(400);
      expect(res.body).toEqual({
        status: "error",
        message: `Amount must be between ${min} and ${max} ${currency} for ${country}`,
        data: { amount, min_amount: min, max_amount: max, currency },
      });
    }
  });

  it("applies the same limits to payouts, before the balance is looked at", async () => {
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ country: "KE", network: "airtel", currency: "KES", amount: 70_000.01 }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Amount must be between 10 and 70000 KES for KE");
  });
});

describe("rounding to a multiple of 5 (BF BJ CI CM GN ML TG)", () => {
  it.each([
    ["CI", "mtn", 1002, 1000],
    ["CI", "mtn", 1003, 1005],
    ["CI", "mtn", 1002.5, 1005],
    ["CI", "mtn", 1002.49, 1000],
    ["CI", "mtn", 497.5, 500],
    ["KE", "airtel", 1003, 1003],
    ["SN", "free", 1003, 1003],
    ["GN", "mtn", 1_500_002.4, 1_500_000],
  ] as const)("%s: %d -> %d", async (country, network, requested, processed) => {
    const res = await payin(payinRequest({ country, network, amount: requested }));
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(processed);
    expect(res.body.data.charged_amount).toBe(res.body.data.amount + res.body.data.fee);
  });

  it("rounds payouts too and rejects what rounds outside the limits", async () => {
    await fund(app.database.db, { merchantId, currency: "XOF", amount: 10_000 });
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 1003 }) });
    expect(res.body.data).toMatchObject({ amount: 1005, fee: 11, charged_amount: 1016 });
    const low = await payin(payinRequest({ amount: 497.49 }));
    expect(low.status).toBe(400);
    expect(low.body.data.amount).toBe(495);
  });
});

describe("fees", () => {
  const quote = (q: string) => app.request(`/api/v1/merchant/fees?${q}`, { key });

  it("rounds XOF fees up to the whole franc", async () => {
    // 1.5 % of 1005 = 15.075 -> 16; of 1000 = 15 exactly.
    expect((await quote("type=payin&country_code=CI&network=orange&amount=1003")).body).toEqual({
      status: "success",
      message: "Fee quote",
      data: { amount: 1005, fee: 16, charged_amount: 1021, currency: "XOF" },
    });
    const res = await payin(payinRequest({ amount: 1003 }));
    expect(res.body.data).toMatchObject({ amount: 1005, fee: 16, charged_amount: 1021 });
    expect((await quote("type=payout&country_code=CI&amount=1000")).body.data).toEqual({ amount: 1000, fee: 10, charged_amount: 1010, currency: "XOF" });
  });

  it("rounds KES fees up to the cent", async () => {
    // 1.5 % of 10.01 = 0.15015 -> 0.16; 1 % of 1234.56 = 12.3456 -> 12.35.
    expect((await quote("type=payin&country_code=KE&amount=10.01")).body.data).toEqual({ amount: 10.01, fee: 0.16, charged_amount: 10.17, currency: "KES" });
    expect((await quote("type=payout&country_code=KE&network=mpesa&currency=KES&amount=1234.56")).body.data).toEqual({
      amount: 1234.56,
      fee: 12.35,
      charged_amount: 1246.91,
      currency: "KES",
    });
    const res = await payin(payinRequest({ country: "KE", network: "airtel", amount: 10.01 }));
    expect(res.body.data).toMatchObject({ amount: 10.01, fee: 0.16, charged_amount: 10.17, currency: "KES" });
  });

  it("validates the quote's query", async () => {
    const missing = await quote("");
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data).sort()).toEqual(["amount", "country_code", "type"]);
    const cases: [string, string, string][] = [
      ["type=payin&country_code=FR&amount=10", "country_code", "The country_code field must be one of:"],
      ["type=payin&country_code=CI&network=safaricom&amount=1000", "network", "The network field must be one of: orange, mtn, wave, moov."],
      ["type=payin&country_code=CD&amount=10", "currency", "The currency field is required when country_code is CD."],
      ["type=payin&country_code=CI&amount=10.123", "amount", "The amount field must be a number"],
      ["type=refund&country_code=CI&amount=10", "type", "The type field must be one of: payin, payout."],
    ];
    for (const [q, field, message] of cases) {
      const res = await quote(q);
      expect(res.status, q).toBe(422);
      expect(res.body.data[field][0], q).toContain(message);
    }
    const outside = await quote("type=payin&country_code=CI&amount=100");
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("Amount must be between 500 and 1500000 XOF for CI");
  });

  it("reads the editable schedule: a network override beats the country default, seeding keeps edits", async () => {
    await seedReferenceData(app.database.db);
    const rules = await listFeeRules(app.database.db);
    expect(rules).toHaveLength(48); // 16 country/currency pairs x payin/payout/settlement (issue 21)
    expect(rules.every((r) => r.network === "*" && r.rateBps === { payin: 150, payout: 100, settlement: 50 }[r.direction] && r.fixedAmount === 0n)).toBe(true);

    await updateFeeRule(app.database.db, { direction: "payin", countryCode: "ci", network: "ORANGE", currency: "XOF", rateBps: 200, fixedAmount: 5000n });
    await updateFeeRule(app.database.db, { direction: "payout", countryCode: "KE", network: "*", currency: "KES", rateBps: 50, fixedAmount: 1000n });
    await seedReferenceData(app.database.db);
    expect((await quote("type=payin&country_code=CI&network=orange&amount=1000")).body.data).toMatchObject({ fee: 70, charged_amount: 1070 });
    expect((await quote("type=payin&country_code=CI&network=mtn&amount=1000")).body.data).toMatchObject({ fee: 15 });
    // 0.5 % of 1003 = 5.015 + 10 fixed = 15.015 -> 15.02
    expect((await quote("type=payout&country_code=KE&amount=1003")).body.data).toMatchObject({ fee: 15.02, charged_amount: 1018.02 });
    const res = await payin(payinRequest({ network: "orange", amount: 1000, metadata: { om_otp: "1234" } }));
    expect(res.body.data).toMatchObject({ fee: 70, charged_amount: 1070 });
    expect(await listFeeRules(app.database.db)).toHaveLength(49); // 48 defaults (payin, payout, settlement) + the orange override
  });

  it("prices the next payment with an edited rule at once (the rule cache is emptied)", async () => {
    const before = (await quote("type=payin&country_code=TG&amount=1000")).body.data;
    expect(before).toMatchObject({ fee: 15 }); // cached now
    await updateFeeRule(app.database.db, { direction: "payin", countryCode: "TG", network: "*", currency: "XOF", rateBps: 300, fixedAmount: 0n });
    expect((await quote("type=payin&country_code=TG&amount=1000")).body.data).toMatchObject({ fee: 30, charged_amount: 1030 });
    await updateFeeRule(app.database.db, { direction: "payin", countryCode: "TG", network: "*", currency: "XOF", rateBps: 150, fixedAmount: 0n });
    expect((await quote("type=payin&country_code=TG&amount=1000")).body.data).toMatchObject({ fee: 15 });
  });

  it("refuses bad schedule edits", async () => {
    const base = { direction: "payin" as const, countryCode: "CI", network: "*", currency: "XOF", rateBps: 100, fixedAmount: 0n };
    await expect(updateFeeRule(app.database.db, { ...base, rateBps: 10_001 })).rejects.toMatchObject({ status: 422 });
    await expect(updateFeeRule(app.database.db, { ...base, fixedAmount: -1n })).rejects.toMatchObject({ status: 422 });
    await expect(updateFeeRule(app.database.db, { ...base, currency: "KES" })).rejects.toMatchObject({ status: 422 });
    await expect(updateFeeRule(app.database.db, { ...base, network: "safaricom" })).rejects.toMatchObject({ status: 422 });
  });
});
