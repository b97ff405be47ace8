import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { sandboxPhone } from "../helpers/sandbox-numbers";

/** D5/D6: 422 with Laravel-style dotted field names and messages; the other request errors. */
let app: TestApp;
let key: string;
let liveKey: string;

beforeAll(async () => {
  app = await startTestApp();
  const m = await app.createMerchant({ kycStatus: "approved" });
  key = m.testApiKey!;
  liveKey = m.liveApiKey!;
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 50_000 });
});
afterAll(() => app.close());

const post = (path: string, json: unknown, k = key) => app.request(`/api/v1/merchant/${path}`, { method: "POST", key: k, json });

describe("payin validation", () => {
  it("lists every missing required field, dotted, like Laravel", async () => {
    const res = await post("payin", {});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: "error",
      message: "Validation failed",
      data: {
        amount: ["The amount field is required."],
        metadata: ["The metadata field is required."],
        "metadata.network": ["The metadata.network field is required."],
        "metadata.phone_number": ["The metadata.phone_number field is required."],
        "metadata.country_code": ["The metadata.country_code field is required."],
      },
    });
  });

  it("ignores fields it does not know, as MbiyoPay's API does (drop-in integrations send their own)", async () => {
    const body = payinRequest({ client_ref: "cart-9" }) as Record<string, unknown> & { metadata: Record<string, unknown> };
    body.metadata.customer_email = "awa@example.com";
    const res = await post("payin", body);
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty("client_ref");
  });

  it("refuses NUL characters with the dotted path of each field holding one", async () => {
    const res = await post("payin", payinRequest({ order_id: "a\u0000b" }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ order_id: ["The order_id field must not contain NUL characters."] });
  });

  it("reports only the missing phone number when the rest is there", async () => {
    const body = payinRequest();
    delete (body.metadata as Record<string, unknown>).phone_number;
    const res = await post("payin", body);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ "metadata.phone_number": ["The metadata.phone_number field is required."] });
  });

  it.each([
    [{ amount: "1000" }, "amount", "The amount field must be a number."],
    [{ amount: 0 }, "amount", "The amount field must be at least 0.01."],
    [{ amount: -5 }, "amount", "The amount field must be at least 0.01."],
    [{ amount: 1000.123 }, "amount", "The amount field must not have more than 2 decimal places."],
    [{ order_id: "x".repeat(256) }, "order_id", "The order_id field must not be greater than 255 characters."],
    [{ payment_method: "card" }, "payment_method", "The payment_method field must be one of: mobile_money."],
    [{ currency: "USD" }, "currency", "The currency field must be one of: XOF."],
    [{ callback_url: "not a url" }, "callback_url", "The callback_url field must be a valid URL."],
    [{ callback_url: "ftp://example.com/hook" }, "callback_url", "The callback_url field must be a valid URL."],
    [{ return_url: "/relative" }, "return_url", "The return_url field must be a valid URL."],
  ])("%j -> 422 on %s", async (override, field, message) => {
    const res = await post("payin", { ...payinRequest(), ...override });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ [field]: [message] });
  });

  it.each([
    [{ country_code: "FR" }, "metadata.country_code", "The metadata.country_code field must be one of: BF, BJ, CG, CD, CM, CI, GM, GN, ML, SN, TG, UG, TZ, KE, RW."],
    [{ network: "airtel" }, "metadata.network", "The metadata.network field must be one of: orange, mtn, wave, moov."],
    [{ phone_number: "12345" }, "metadata.phone_number", "The metadata.phone_number field must be a valid phone number for CI."],
    // A number of another country (+, bare international) is named as such; a national form cannot be.
    [{ phone_number: sandboxPhone("KE") }, "metadata.phone_number", "The metadata.phone_number field must be a valid phone number for CI (the number is from KE)."],
    [{ phone_number: "221 77 000 12 34" }, "metadata.phone_number", "The metadata.phone_number field must be a valid phone number for CI (the number is from SN)."],
    [{ phone_number: "0912341234" }, "metadata.phone_number", "The metadata.phone_number field must be a valid phone number for CI."],
    [{ om_otp: "12" }, "metadata.om_otp", "The metadata.om_otp field must be 4 to 8 digits."],
    [{ network: 42 }, "metadata.network", "The metadata.network field must be a string."],
  ])("metadata %j -> 422 on %s", async (override, field, message) => {
    const body = payinRequest();
    Object.assign(body.metadata, override);
    const res = await post("payin", body);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ [field]: [message] });
  });

  it("gives every problem at once, shape and catalog alike", async () => {
    const res = await post("payin", { amount: 0, metadata: { country_code: "CI", network: "vodafone", phone_number: "1" } });
    expect(Object.keys(res.body.data).sort()).toEqual(["amount", "metadata.network", "metadata.phone_number"]);
  });

  it("requires the currency only where the country has two (CD)", async () => {
    const res = await post("payin", payinRequest({ country: "CD", network: "airtel", amount: 10 }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ currency: ["The currency field is required when metadata.country_code is CD."] });
    const ok = await post("payin", payinRequest({ country: "CD", network: "airtel", amount: 10, currency: "usd" }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.currency).toBe("USD");
    const ci = await post("payin", payinRequest({ country: "CI" }));
    expect(ci.body.data.currency).toBe("XOF");
  });

  it("accepts national, +international and bare international phone numbers and mpesa as an alias", async () => {
    for (const phone of ["0700001234", "+2250700001234", "2250700001234", "07 00 00 12 34"]) {
      const res = await post("payout", payoutRequest({ metadata: { phone_number: phone } }));
      expect(res.status, phone).toBe(200);
      expect(res.body.data.metadata.phone_number).toBe("2250700001234");
    }
    const ke = await post("payout", payoutRequest({ country: "KE", currency: "KES", network: "mpesa", amount: 10 }));
    expect(ke.status).toBe(400); // no KES balance, but validation passed: mpesa is safaricom in KE
    const tz = await post("payin", payinRequest({ country: "TZ", network: "MPESA", amount: 1000 }));
    const read = await app.request(`/api/v1/merchant/transactions/${tz.body.data.transaction_id}`, { key });
    expect(read.body.data.metadata).toEqual({ network: "vodacom", phone_number: "+255710001234", country_code: "TZ" });
  });

  it("refuses a plain http callback_url in live mode", async () => {
    const res = await post("payin", payinRequest({ callback_url: "http://example.com/hook" }), liveKey);
    expect(res.status).toBe(422);
    expect(res.body.data.callback_url[0]).toMatch(/^The callback_url field must be/);
  });
});

describe("payout validation", () => {
  it("requires currency, payment_method and the beneficiary too", async () => {
    const res = await post("payout", {});
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      amount: ["The amount field is required."],
      currency: ["The currency field is required."],
      payment_method: ["The payment_method field is required."],
      metadata: ["The metadata field is required."],
      "metadata.network": ["The metadata.network field is required."],
      "metadata.phone_number": ["The metadata.phone_number field is required."],
      "metadata.country_code": ["The metadata.country_code field is required."],
      "metadata.beneficiary": ["The metadata.beneficiary field is required."],
    });
  });

  it("refuses a blank beneficiary", async () => {
    const res = await post("payout", payoutRequest({ metadata: { beneficiary: "   " } }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ "metadata.beneficiary": ["The metadata.beneficiary field is required."] });
  });

  it("validates before looking at the balance", async () => {
    const res = await post("payout", payoutRequest({ country: "KE", network: "safaricom", currency: "XOF", amount: 10 }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ currency: ["The currency field must be one of: KES."] });
  });

  it("lets callback_url be left out and accepts one", async () => {
    const res = await post("payout", payoutRequest({ callback_url: "https://merchant.example/hooks" }));
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty("callback_url");
  });
});

describe("request errors", () => {
  it("answers a broken JSON body with 400 Invalid JSON body, its detail saying where it breaks without quoting it", async () => {
    const send = (body: string) => app.request("/api/v1/merchant/payin", { method: "POST", key, body, headers: { "content-type": "application/json" } });
    const res = await send("{nope");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "error",
      message: "Invalid JSON body",
      data: null,
      detail: "The body is not valid JSON: expected property name or '}' at line 1, column 2.",
    });
    const cases: Array<[string, string]> = [
      ['{\n  "amount": 1500,\n  "currency": "XOF",\n}', "expected double-quoted property name at line 4, column 1."],
      ['{"amount": 1500, "metadata": {"om_otp": "918273"', "expected ',' or '}' after property value at line 1, column 49."],
      ['{"metadata": {"om_otp": "9182', "unterminated string at line 1, column 30."],
      ['{"amount": tr', "it ends (after 13 characters) before the JSON value is complete."],
      ['{"amount": 1500}}', "unexpected non-whitespace character after the JSON value at line 1, column 17."],
      ['{"metadata": {"om_otp": 918273x}}', "expected ',' or '}' after property value at line 1, column 31."],
      ['{"metadata": {"om_otp": tru}}', "an unexpected '}'."],
      ["om_otp=918273", "it does not start as JSON does (with {, [, a string, a number, true, false or null)."],
    ];
    for (const [body, detail] of cases) {
      const r = await send(body);
      expect([r.status, r.body.message, r.body.detail], body).toEqual([400, "Invalid JSON body", `The body is not valid JSON: ${detail}`]);
      // V8's own message quotes the body (a code, a key); the detail never does.
      expect(r.body.detail, body).not.toMatch(/918273|tru\b/);
    }
  });

  it("reads past a byte order mark in front of the JSON (RFC 8259 section 8.1), as Windows tools send it", async () => {
    const send = (body: string) => app.request("/api/v1/merchant/payin", { method: "POST", key, body, headers: { "content-type": "application/json" } });
    const res = await send(`\uFEFF${JSON.stringify(payinRequest({ order_id: "bom-1" }))}`);
    expect([res.status, res.body.message, res.body.data?.order_id]).toEqual([200, "Payin initiated", "bom-1"]);
    // Only in front: anywhere else it is a character JSON does not allow there.
    const inside = await send(`{\uFEFF"amount": 1500}`);
    expect([inside.status, inside.body.message]).toEqual([400, "Invalid JSON body"]);
  });

  it("refuses text that is not valid Unicode (an unpaired surrogate) with 400, on every endpoint; a paired one is an emoji and goes through", async () => {
    const keysBefore = await app.request("/api/v1/merchant/api-keys", { key });
    for (const [path, body] of [
      ["/api/v1/merchant/api-keys", '{"name":"\\ud800"}'],
      ["/api/v1/merchant/payin", JSON.stringify(payinRequest({ order_id: "surrogate-1" })).replace('"surrogate-1"', '"x\\udc00y"')],
    ]) {
      const res = await app.request(path, { method: "POST", key, body, headers: { "content-type": "application/json" } });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ status: "error", message: "Invalid JSON body" });
    }
    const keysAfter = await app.request("/api/v1/merchant/api-keys", { key });
    expect(keysAfter.body.data).toHaveLength(keysBefore.body.data.length);
    const emoji = JSON.stringify(payinRequest({ order_id: "surrogate-2" })).replace('"surrogate-2"', '"ok \\ud83d\\ude00"');
    const ok = await app.request("/api/v1/merchant/payin", { method: "POST", key, body: emoji, headers: { "content-type": "application/json" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.order_id).toBe("ok 😀");
  });

  it("authenticates before anything else", async () => {
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", body: "{nope" });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: "error", message: "Unauthenticated", data: null });
  });

  it("answers other methods with 405", async () => {
    const res = await app.request("/api/v1/merchant/payin", { key });
    expect(res.status).toBe(405);
    expect(res.body.message).toBe("Method not allowed");
  });

  it("answers an unknown transaction with 404 Transaction not found", async () => {
    for (const path of ["merchant/transactions/pi_01HZZZZZZZZZZZZZZZZZZZZZZZ", "transactions/nothing-like-this"]) {
      const res = await app.request(`/api/v1/${path}`, { key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
    }
  });
});
