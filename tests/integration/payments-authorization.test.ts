import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest, statusWebhooks } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { getCheckoutView, simulateSandboxOutcome } from "@/server/payments/checkout";

/** D7: what payin creation tells the client to do, finalize, the hosted checkout. */
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

const payin = async (json: unknown) => {
  const res = await app.request("/api/v1/merchant/payin", { method: "POST", key, json });
  expect(res.status).toBe(200);
  return res.body.data;
};
const finalize = (id: string, json: unknown) => app.request(`/api/v1/merchant/transactions/${id}/finalize`, { method: "POST", key, json });
const statusOf = async (id: string) => (await app.request(`/api/v1/merchant/transactions/${id}`, { key })).body.data.status;

describe("the 2.2 shapes", () => {
  it("payin: the three authorization fields, no metadata", async () => {
    const data = await payin(payinRequest({ order_id: "order-1" }));
    expect(Object.keys(data).sort()).toEqual(
      ["transaction_id", "amount", "fee", "charged_amount", "currency", "order_id", "status", "payment_method", "created_at", "redirect_url", "instructions", "auth_mode"].sort(),
    );
    expect(data).toMatchObject({ status: "pending", payment_method: "mobile_money", order_id: "order-1", redirect_url: null, instructions: null, auth_mode: null });
    expect(data.transaction_id).toMatch(/^pi_[0-9A-Z]{26}$/);
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
  });

  it("payout: metadata without the plus, none of the payin fields", async () => {
    await fund(app.database.db, { merchantId, currency: "XOF", amount: 10_000 });
    const res = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ order_id: "po-1" }) });
    const data = res.body.data;
    expect(data.transaction_id).toMatch(/^po_[0-9A-Z]{26}$/);
    expect(data.metadata).toEqual({ network: "mtn", phone_number: "2250700001234", country_code: "CI", beneficiary: "Awa Marie Diop" });
    for (const field of ["redirect_url", "instructions", "auth_mode"]) expect(data).not.toHaveProperty(field);
  });
});

describe("orange USSD (BF CI GN ML SN)", () => {
  it.each([
    ["CI", "#144*82#"],
    ["BF", "*144*4*6*1005#"],
    ["GN", "#144#"],
    ["ML", "#144#77#"],
    ["SN", "#144#391#"],
  ])("%s without om_otp: confirm + instructions naming %s", async (country, code) => {
    const data = await payin(payinRequest({ country, network: "orange", amount: 1003 }));
    expect(data.auth_mode).toBe("confirm");
    expect(data.redirect_url).toBeNull();
    expect(data.instructions).toContain(`<strong>${code}</strong>`);
    expect(data.instructions).toMatch(/^<p>.*<\/p>$/s);
    if (country === "GN") expect(data.instructions).toContain("option 4, then 2");
    // Confirmation is automatic on the service side: the outcome lands without finalize.
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("successful");
  });

  it("with om_otp: all three null, processed at once", async () => {
    const data = await payin(payinRequest({ network: "orange", metadata: { om_otp: "123456" } }));
    expect(data).toMatchObject({ auth_mode: null, instructions: null, redirect_url: null });
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("successful");
  });

  it("om_otp 000000 fails the payin", async () => {
    const data = await payin(payinRequest({ network: "orange", metadata: { om_otp: "000000" } }));
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("failed");
  });
});

describe("GM qmoney and aps: pin + finalize", () => {
  it.each(["qmoney", "aps"])("%s: auth_mode pin, waits for finalize, then succeeds", async (network) => {
    const data = await payin(payinRequest({ country: "GM", network, amount: 100 }));
    expect(data).toMatchObject({ auth_mode: "pin", redirect_url: null, currency: "GMD" });
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("pending");

    const res = await finalize(data.transaction_id, { otp: "4321" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.data).toMatchObject({ transaction_id: data.transaction_id, status: "pending", auth_mode: "pin", amount: 100 });
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(data).sort());
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("successful");
    expect(await statusWebhooks(app.database.db, data.transaction_id)).toHaveLength(1);
  });

  it("OTP 000000 fails it; a 0001 number fails it too", async () => {
    const a = await payin(payinRequest({ country: "GM", network: "qmoney", amount: 100 }));
    expect((await finalize(a.transaction_id, { otp: "000000" })).status).toBe(200);
    const b = await payin(payinRequest({ country: "GM", network: "aps", amount: 100, outcome: "failed" }));
    expect((await finalize(b.transaction_id, { otp: "98765432" })).status).toBe(200);
    await runWorkerBatch(app.database.db);
    expect(await statusOf(a.transaction_id)).toBe("failed");
    expect(await statusOf(b.transaction_id)).toBe("failed");
  });

  it("answers 409 Transaction cannot be finalized for anything but a pending pin payin", async () => {
    const pin = await payin(payinRequest({ country: "GM", network: "qmoney", amount: 100 }));
    expect((await finalize(pin.transaction_id, { otp: "1234" })).status).toBe(200);
    const other = await payin(payinRequest());
    const payout = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest() });
    const done = await payin(payinRequest({ country: "GM", network: "aps", amount: 100 }));
    await finalize(done.transaction_id, { otp: "1234" });
    await runWorkerBatch(app.database.db);
    // twice (after the worker applied it), not pin, a payout, terminal
    for (const id of [pin.transaction_id, other.transaction_id, payout.body.data.transaction_id, done.transaction_id]) {
      const res = await finalize(id, { otp: "1234" });
      expect(res.status, id).toBe(409);
      expect(res.body).toEqual({ status: "error", message: "Transaction cannot be finalized", data: null });
    }
    const again = await payin(payinRequest({ country: "GM", network: "qmoney", amount: 100 }));
    await finalize(again.transaction_id, { otp: "1234" });
    expect((await finalize(again.transaction_id, { otp: "1234" })).status).toBe(409); // already finalized, outcome pending
  });

  it("validates the otp and answers 404 for unknown ids", async () => {
    const pin = await payin(payinRequest({ country: "GM", network: "qmoney", amount: 100 }));
    for (const body of [{}, { otp: "12" }, { otp: "123456789" }, { otp: "12ab" }]) {
      const res = await finalize(pin.transaction_id, body);
      expect(res.status).toBe(422);
      expect(res.body.data.otp[0]).toMatch(/^The otp field (is required|must be 4 to 8 digits)\.$/);
    }
    const res = await finalize("pi_01HZZZZZZZZZZZZZZZZZZZZZZZ", { otp: "1234" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
  });
});

describe("wave (GM SN CI): the hosted checkout", () => {
  it.each(["GM", "SN", "CI"])("%s: redirect_url to /checkout/{id}", async (country) => {
    const data = await payin(payinRequest({ country, network: "wave", amount: 1000 }));
    expect(data).toMatchObject({ auth_mode: null, instructions: null, redirect_url: `${app.baseUrl}/checkout/${data.transaction_id}` });
  });

  it("waits for the customer: Approve succeeds, Decline cancels, and the customer goes back to return_url", async () => {
    const a = await payin(payinRequest({ network: "wave", return_url: "https://shop.example/done?cart=7" }));
    const b = await payin(payinRequest({ network: "wave" }));
    await runWorkerBatch(app.database.db);
    expect(await statusOf(a.transaction_id)).toBe("pending");

    const view = await getCheckoutView(app.database.db, a.transaction_id);
    expect(view).toMatchObject({ merchantId, mode: "test", status: "pending", amount: "1000", fee: "15", total: "1015", currency: "XOF", networkName: "Wave" });
    expect(view?.maskedPhone).toMatch(/^\+22507•+1234$/);

    const approved = await simulateSandboxOutcome(app.database.db, { merchantId, mode: "test", id: a.transaction_id, outcome: "approve" });
    expect(approved.status).toBe("successful");
    const declined = await simulateSandboxOutcome(app.database.db, { merchantId, mode: "test", id: b.transaction_id, outcome: "decline" });
    expect(declined.status).toBe("cancelled");
    expect(await statusOf(a.transaction_id)).toBe("successful");
    expect(await statusOf(b.transaction_id)).toBe("cancelled");
    expect((await getCheckoutView(app.database.db, a.transaction_id))?.returnUrl).toBe(
      `https://shop.example/done?cart=7&transaction_id=${a.transaction_id}&status=successful`,
    );
    expect((await getCheckoutView(app.database.db, b.transaction_id))?.returnUrl).toBeNull();

    // Pressing again changes nothing and writes no second event.
    const again = await simulateSandboxOutcome(app.database.db, { merchantId, mode: "test", id: a.transaction_id, outcome: "decline" });
    expect(again.status).toBe("successful");
    expect(await statusWebhooks(app.database.db, a.transaction_id)).toHaveLength(1);
  });

  it("Approve still follows the number: 0001 fails", async () => {
    const data = await payin(payinRequest({ network: "wave", outcome: "failed" }));
    const t = await simulateSandboxOutcome(app.database.db, { merchantId, mode: "test", id: data.transaction_id, outcome: "approve" });
    expect(t).toMatchObject({ status: "failed", failureReason: "Customer has insufficient funds" });
  });

  it("has no checkout for other payins, payouts or unknown ids", async () => {
    const plain = await payin(payinRequest());
    expect(await getCheckoutView(app.database.db, plain.transaction_id)).toBeNull();
    expect(await getCheckoutView(app.database.db, "po_01HZZZZZZZZZZZZZZZZZZZZZZZ")).toBeNull();
    expect(await getCheckoutView(app.database.db, "../etc")).toBeNull();
    await expect(simulateSandboxOutcome(app.database.db, { merchantId: "mer_other", mode: "test", id: plain.transaction_id, outcome: "approve" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("the other networks", () => {
  it("afrimoney (GM): confirm + approve-on-phone instructions", async () => {
    const data = await payin(payinRequest({ country: "GM", network: "afrimoney", amount: 100 }));
    expect(data.auth_mode).toBe("confirm");
    expect(data.redirect_url).toBeNull();
    expect(data.instructions).toContain("Approve it on your phone");
    expect(data.instructions).toContain("100.00 GMD");
    await runWorkerBatch(app.database.db);
    expect(await statusOf(data.transaction_id)).toBe("successful");
  });

  it.each([
    ["CM", "orange"],
    ["CD", "orange"],
    ["KE", "safaricom"],
    ["SN", "free"],
    ["TZ", "tigo"],
  ])("%s %s: all three null", async (country, network) => {
    const body = payinRequest({ country, network, amount: 1000, currency: country === "CD" ? "CDF" : undefined });
    const data = await payin(body);
    expect(data).toMatchObject({ auth_mode: null, instructions: null, redirect_url: null });
  });
});
