import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest, payoutRequest } from "../helpers/payments";
import { creditWallet } from "@/server/ledger/operator-credit";
import { csvCell } from "@/server/reports/csv";
import { AppError } from "@/server/errors";

/** Issue 10 §6: zero-decimal fractions (D14), ledger-wide credit references, CSV `;` quoting. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("zero-decimal currencies where no rounding to 5 applies", () => {
  it.each([
    ["UG", "mtn", "UGX"],
    ["RW", "mtn", "RWF"],
    ["CG", "mtn", "XAF"],
  ])("%s (%s, %s): a fractional amount is a 422 on payin and payout", async (country, network, currency) => {
    const m = await app.createMerchant();
    await creditWallet(app.database.db, { merchantId: m.merchantId, mode: "test", currency, amount: 100_000_000n, reference: `fund-${m.merchantId}-${currency}`, reason: "test" });
    for (const [path, body] of [
      ["/api/v1/merchant/payin", payinRequest({ country, network, currency, amount: 1000.5 })],
      ["/api/v1/merchant/payout", payoutRequest({ country, network, currency, amount: 1000.5 })],
    ] as const) {
      const res = await app.request(path, { method: "POST", key: m.testApiKey, json: body });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ amount: [`The amount field must be a whole number for ${currency}.`] });
    }
    const whole = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ country, network, currency, amount: 1000 }) });
    expect(whole.status).toBe(200);
  });

  it("no credit puts a fraction into a zero-decimal wallet (CLI, dashboard top-up and console alike: creditWallet)", async () => {
    const m = await app.createMerchant();
    const credit = (currency: string, amount: bigint) => creditWallet(app.database.db, { merchantId: m.merchantId, mode: "test", currency, amount, reference: `frac-${m.merchantId}-${currency}-${amount}`, reason: "test" });
    for (const currency of ["XOF", "XAF", "GNF", "UGX", "RWF"]) {
      await expect(credit(currency, 150n), currency).rejects.toMatchObject({ code: "validation_failed", data: { amount: [`The amount field must be a whole number for ${currency}.`] } });
    }
    expect((await app.request("/api/v1/merchant/balances", { key: m.testApiKey })).body.data).toEqual([]);
    // Currencies with cents take them, and whole amounts go through everywhere.
    expect((await credit("KES", 150n)).available).toBe(150n);
    expect((await credit("XOF", 1_500n)).available).toBe(1_500n);
  });

  it("rounding countries keep rounding a fraction (CI, XOF)", async () => {
    const m = await app.createMerchant();
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ country: "CI", amount: 1002.5 }) });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(1005);
  });
});

describe("operator credit references", () => {
  it("are unique across the ledger: the same reference cannot fund two merchants", async () => {
    const a = await app.createMerchant();
    const b = await app.createMerchant();
    const ref = `wire-${Date.now()}`;
    const credit = (merchantId: string) => creditWallet(app.database.db, { merchantId, mode: "live", currency: "XOF", amount: 500_000n, reference: ref, reason: "wire" });
    const first = await credit(a.merchantId);
    expect(first.created).toBe(true);
    expect((await credit(a.merchantId)).created).toBe(false); // same wallet: idempotent, as before
    const err = await credit(b.merchantId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).data).toEqual({ reference: ["The reference has already been credited to another wallet."] });
  });
});

describe("CSV cells", () => {
  it("quote a cell holding ; or , and keep formulas neutralised", () => {
    expect(csvCell("x;=HYPERLINK(1)")).toBe('"x;=HYPERLINK(1)"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("=1;2")).toBe(`"'=1;2"`);
    // A plain number stays a number (the sheet sums it); anything else starting with - is neutralised.
    expect(csvCell("-5")).toBe("-5");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvCell("plain")).toBe("plain");
  });
});
