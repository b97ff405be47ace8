import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";

/** GET /api/v1/networks/predict (D16) through HTTP: 200, 404, 422, 401. */
let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  const m = await app.createMerchant({ name: "Boutique Prédiction" });
  key = m.testApiKey!;
});
afterAll(() => app.close());

const predict = (phone: string | null, k: string | null = key) =>
  app.request(`/api/v1/networks/predict${phone === null ? "" : `?phone_number=${encodeURIComponent(phone)}`}`, { key: k });

describe("GET /api/v1/networks/predict", () => {
  it("names the network of the number's range, with the number in E.164 without +", async () => {
    const res = await predict("+225 07 01 02 03 04");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      message: "Network predicted",
      data: { phone_number: "2250701020304", country_code: "CI", network: "orange" },
    });
    expect((await predict("254110123456")).body.data).toEqual({ phone_number: "254110123456", country_code: "KE", network: "safaricom" });
    expect((await predict("+255621234567")).body.data).toEqual({ phone_number: "255621234567", country_code: "TZ", network: "halotel" });
  });

  it("answers 404 Network not found when no covered operator holds the range", async () => {
    for (const phone of ["+242051234567", "+254744123456", "+2252721234567"]) {
      const res = await predict(phone);
      expect(res.status, phone).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Network not found", data: null });
    }
  });

  it("answers 422 for an invalid number, an uncovered country and a missing parameter", async () => {
    const invalid = await predict("0701020304");
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      status: "error",
      message: "Validation failed",
      data: { phone_number: ["The phone_number field must be a valid phone number in international format, e.g. +2250701020304."] },
    });
    const abroad = await predict("+33612345678");
    expect(abroad.status).toBe(422);
    expect(abroad.body.data.phone_number[0]).toMatch(/^The phone_number field must be a number in one of the covered countries: BF, /);
    const missing = await predict(null);
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ phone_number: ["The phone_number field is required."] });
  });

  it("requires an API key (401)", async () => {
    const none = await predict("+2250701020304", null);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: "error", message: "Unauthenticated", data: null });
    const wrong = await predict("+2250701020304", "sk_test_not_a_key");
    expect(wrong.status).toBe(401);
  });

  it("is in the typed client", async () => {
    const { data, response } = await app.client(key).GET("/api/v1/networks/predict", { params: { query: { phone_number: "+250788123456" } } });
    expect(response.status).toBe(200);
    expect(data?.data).toEqual({ phone_number: "250788123456", country_code: "RW", network: "mtn" });
  });
});
