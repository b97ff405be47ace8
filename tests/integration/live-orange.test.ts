import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { storedSecretDigest } from "@/server/connectors/callback-secret";
import { createOrangeMoneyFake } from "../fakes/orange-money/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, railsEnv, row, setEnv, settle, sleep } from "../helpers/live";

/** Orange Money Web Payment (D19) in live mode through /api/v1 against the Orange fake: payins, redirect flow. */
let app: TestApp;
let orange: ReturnType<typeof createOrangeMoneyFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

const orangeEnv = (extra: Record<string, string> = {}) => ({
  ...railsEnv(app),
  ORANGE_MONEY_BASE_URL: orange.baseUrl,
  ORANGE_MONEY_CLIENT_ID: orange.config.clientId,
  ORANGE_MONEY_CLIENT_SECRET: orange.config.clientSecret,
  ORANGE_MONEY_MERCHANT_KEY: orange.config.merchantKey,
  ORANGE_MONEY_COUNTRIES: "CI=ci,SN=sn",
  ...extra,
});
const payin = (country: string) => ({ amount: 5000, return_url: "https://shop.example/back", metadata: { network: "orange", country_code: country, phone_number: fakePhone(country, FAKE.ok) } });
const create = (body: unknown) => app.request("/api/v1/merchant/payin", { method: "POST", key: merchant.liveApiKey, json: body });
const notify = (id: string, body: unknown) => fetch(`${app.baseUrl}/api/connectors/orange/notify/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await startTestApp();
  orange = createOrangeMoneyFake({ outcomeDelayMs: 150 });
  await orange.start();
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF", amount: 1_000_000 });
});
afterAll(async () => {
  await orange.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(orangeEnv());
});
afterEach(() => {
  undoEnv();
  orange.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
  orange.config.sessionTtlMs = 10 * 60_000;
});

describe("live Orange Money Web Payment (direct route)", () => {
  it("payin in CI and SN: redirect_url is Orange's payment_url; the notification wakes transactionstatus; successful", async () => {
    for (const country of ["CI", "SN"]) {
      const res = await create(payin(country));
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.redirect_url).toMatch(new RegExp(`^${orange.baseUrl}/webpayment-page/`));
      // The route's flow wins over the network's USSD instructions (D7: a redirect has neither).
      expect([data.auth_mode, data.instructions]).toEqual([null, null]);
      const t = await row(app, data.transaction_id);
      expect([t.route, t.connector, t.status]).toEqual(["orange-money", "orange-money", "pending"]);
      const session = orange.sessions.get(t.connectorRef!)!;
      expect([session.segment, session.orderId, session.amount, session.currency]).toEqual([country.toLowerCase(), t.operatorHandle, 5000, "XOF"]);
      expect(session.notifUrl).toBe(`${app.baseUrl}/api/connectors/orange/notify/${t.id}`);
      // Only a digest of the notif_token is stored (issue 19 §13).
      expect(t.callbackSecret).toBe(storedSecretDigest(session.notifToken));
      expect(t.callbackSecret).not.toContain(session.notifToken);
      expect(await orange.customerPays(data.redirect_url, fakePhone(country, FAKE.ok))).toBe(302);
      const done = await settle(app, t.id);
      expect(done.status).toBe("successful");
      expect(orange.requests.some((r) => r.path === `/orange-money-webpay/${country.toLowerCase()}/v1/transactionstatus`)).toBe(true);
    }
  });

  it("maps FAILED to failed and EXPIRED to cancelled, in plain words", async () => {
    for (const [suffix, status, reason] of [
      [FAKE.insufficient, "failed", "Orange Money declined the payment"],
      [FAKE.expired, "cancelled", "Customer did not complete the payment before the Orange Money session expired"],
    ] as const) {
      const res = await create(payin("CI"));
      await orange.customerPays(res.body.data.redirect_url, fakePhone("CI", suffix));
      const t = await settle(app, res.body.data.transaction_id, { worker: true });
      expect([suffix, t.status, t.failureReason]).toEqual([suffix, status, reason]);
    }
  });

  it("a notification is believed only with the stored notif_token, and then only as a reason to ask", async () => {
    const res = await create(payin("CI"));
    const t = await row(app, res.body.data.transaction_id);
    const token = orange.sessions.get(t.connectorRef!)!.notifToken;
    expect((await notify(t.id, { status: "SUCCESS", notif_token: "forged", txnid: "MP1" })).status).toBe(403);
    // The stored digest itself is not a token.
    expect((await notify(t.id, { status: "SUCCESS", notif_token: t.callbackSecret, txnid: "MP1" })).status).toBe(403);
    expect((await notify("pi_unknown", { status: "SUCCESS", notif_token: token })).status).toBe(403);
    // The right token but the customer has not paid: transactionstatus says INITIATED, nothing changes.
    expect((await notify(t.id, { status: "SUCCESS", notif_token: token, txnid: "MP1" })).status).toBe(200);
    expect((await row(app, t.id)).status).toBe("pending");
  });

  it("notification lost: the worker's transactionstatus finds the outcome", async () => {
    orange.set({ loseCallbacks: true });
    const res = await create(payin("SN"));
    await orange.customerPays(res.body.data.redirect_url, fakePhone("SN", FAKE.ok));
    expect((await settle(app, res.body.data.transaction_id, { worker: true })).status).toBe("successful");
  });

  it("answer lost after Orange stored the session: sent again with the same order_id, one session", async () => {
    expect((await create(payin("CI"))).status).toBe(200); // a token in hand: the next call is the webpayment itself
    orange.loseNextAnswers(1);
    const res = await create(payin("CI"));
    expect(res.status).toBe(200);
    const id = res.body.data.transaction_id;
    expect((await row(app, id)).submittedAt).toBeNull();
    let t = await row(app, id);
    for (let i = 0; i < 40 && !t.redirectUrl; i++) {
      await sleep(50);
      await runWorkerBatch(app.database.db);
      t = await row(app, id);
    }
    expect(t.redirectUrl).toMatch(/webpayment-page/);
    expect([...orange.sessions.values()].filter((s) => s.orderId === t.operatorHandle)).toHaveLength(1);
    await orange.customerPays(t.redirectUrl!, fakePhone("CI", FAKE.ok));
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("Orange's session expires unpaid: cancelled by transactionstatus (EXPIRED)", async () => {
    orange.config.sessionTtlMs = 200;
    const id = (await create(payin("CI"))).body.data.transaction_id;
    await sleep(300);
    const t = await settle(app, id, { worker: true });
    expect([t.status, t.failureReason]).toEqual(["cancelled", "Customer did not complete the payment before the Orange Money session expired"]);
  });

  it("our expiry comes while Orange still holds the session open: pending, flagged, never cancelled on our own (D19)", async () => {
    undoEnv();
    undoEnv = setEnv(orangeEnv({ PAYIN_EXPIRY_SECONDS: "1" }));
    const id = (await create(payin("CI"))).body.data.transaction_id;
    await sleep(1100);
    await runWorkerBatch(app.database.db);
    const flagged = await row(app, id);
    expect([flagged.status, flagged.needsAttention]).toEqual(["pending", true]);
    await orange.customerPays(flagged.redirectUrl!, fakePhone("CI", FAKE.ok));
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("token refused mid-run: a fresh token, no failure; no Orange route for payouts or unlisted countries (503)", async () => {
    const first = await create(payin("CI"));
    orange.expireTokens();
    const second = await create(payin("CI"));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await row(app, second.body.data.transaction_id)).redirectUrl).toMatch(/webpayment-page/);
    const payout = await app.request("/api/v1/merchant/payout", {
      method: "POST",
      key: merchant.liveApiKey,
      json: { amount: 5000, currency: "XOF", payment_method: "mobile_money", metadata: { network: "orange", country_code: "CI", phone_number: fakePhone("CI", FAKE.ok), beneficiary: "Kone Ali" } },
    });
    expect([payout.status, payout.body.message]).toEqual([503, "Network unavailable"]);
    expect((await create(payin("ML"))).status).toBe(503);
  });
});
