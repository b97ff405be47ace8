import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routeStates } from "@/server/connectors/routes";
import { syncBreakers } from "@/server/connectors/health";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createOrangeMoneyFake } from "../fakes/orange-money/server";
import { createPawapayFake } from "../fakes/pawapay/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, railsEnv, row, setEnv, settle } from "../helpers/live";

/**
 * Routes (D19) in one instance: order per pair (direct first, LIVE_ROUTES), directions a
 * route lacks (Orange has no payouts), refunds by route, failover when a breaker opens,
 * availability per direction in GET /api/v1/networks and in routeStates().
 */
let app: TestApp;
let orange: ReturnType<typeof createOrangeMoneyFake>;
let pawapay: ReturnType<typeof createPawapayFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

const routesEnv = (extra: Record<string, string | undefined> = {}) => ({
  ...railsEnv(app),
  ORANGE_MONEY_BASE_URL: orange.baseUrl,
  ORANGE_MONEY_CLIENT_ID: orange.config.clientId,
  ORANGE_MONEY_CLIENT_SECRET: orange.config.clientSecret,
  ORANGE_MONEY_MERCHANT_KEY: orange.config.merchantKey,
  ORANGE_MONEY_COUNTRIES: "CI=ci,SN=sn",
  PAWAPAY_BASE_URL: pawapay.baseUrl,
  PAWAPAY_API_TOKEN: pawapay.config.apiToken,
  PAWAPAY_PROVIDERS: "CI:orange=ORANGE_CIV,SN:orange=ORANGE_SEN,SN:free=FREE_SEN",
  BREAKER_SYNC_MS: "0",
  ...extra,
});
const payin = (suffix: string = FAKE.ok) => ({ amount: 5000, metadata: { network: "orange", country_code: "CI", phone_number: fakePhone("CI", suffix) } });
const payout = { amount: 5000, currency: "XOF", payment_method: "mobile_money", metadata: { network: "orange", country_code: "CI", phone_number: fakePhone("CI", FAKE.ok), beneficiary: "Kone Ali" } };
const create = (kind: "payin" | "payout", body: unknown) => app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body });
const routeOf = async (res: { body: { data: { transaction_id: string } } }) => (await row(app, res.body.data.transaction_id)).route;
const orangeCi = async () => {
  const res = await app.request("/api/v1/networks?country_code=CI", { key: merchant.liveApiKey });
  return res.body.data[0].networks.find((n: { network: string }) => n.network === "orange");
};

beforeAll(async () => {
  app = await startTestApp();
  orange = createOrangeMoneyFake({ outcomeDelayMs: 100 });
  pawapay = createPawapayFake({ outcomeDelayMs: 100 });
  await Promise.all([orange.start(), pawapay.start()]);
  pawapay.setCallbackUrls({ deposits: `${app.baseUrl}/api/connectors/pawapay/deposits`, payouts: `${app.baseUrl}/api/connectors/pawapay/payouts` });
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF", amount: 1_000_000 });
});
afterAll(async () => {
  await Promise.all([orange.close(), pawapay.close()]);
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(routesEnv());
});
afterEach(() => {
  undoEnv();
});

describe("routes (D19)", () => {
  it("the direct route first, the aggregator second; LIVE_ROUTES reorders a pair", async () => {
    expect(await routeOf(await create("payin", payin()))).toBe("orange-money");
    undoEnv();
    undoEnv = setEnv(routesEnv({ LIVE_ROUTES: "CI:orange=pawapay,orange-money" }));
    expect(await routeOf(await create("payin", payin()))).toBe("pawapay");
  });

  it("a direction the first route lacks goes by the next: orange payouts through pawaPay; availability per direction", async () => {
    const res = await create("payout", payout);
    expect(res.status).toBe(200);
    const t = await settle(app, res.body.data.transaction_id, { worker: true });
    expect([t.route, t.status]).toEqual(["pawapay", "successful"]);
    expect((await orangeCi()).availability).toEqual({ payin: true, payout: true });
    undoEnv();
    undoEnv = setEnv(routesEnv({ PAWAPAY_PROVIDERS: "SN:free=FREE_SEN" }));
    expect(await orangeCi()).toMatchObject({ available: true, availability: { payin: true, payout: false } });
    expect((await create("payout", payout)).status).toBe(503);
  });

  it("refunds: a payin that went through Orange is refunded as a pawaPay payout", async () => {
    const res = await create("payin", payin());
    await orange.customerPays(res.body.data.redirect_url, fakePhone("CI", FAKE.ok));
    const paid = await settle(app, res.body.data.transaction_id, { worker: true });
    expect([paid.status, paid.route]).toEqual(["successful", "orange-money"]);
    const refund = await app.request(`/api/v1/merchant/transactions/${paid.id}/refund`, { method: "POST", key: merchant.liveApiKey, json: {} });
    expect(refund.status).toBe(200);
    const r = await settle(app, refund.body.data.transaction_id, { worker: true });
    expect([r.status, r.route]).toEqual(["successful", "pawapay"]);
    expect(pawapay.payment("payouts", r.operatorHandle!)?.phone).toBe(paid.phoneNumber);
  });

  it("failover: Orange down opens its breaker; new payins take pawaPay, those already sent stay on Orange", async () => {
    undoEnv();
    undoEnv = setEnv(routesEnv({ CONNECTOR_BREAKER_COOLDOWN_SECONDS: "2" }));
    expect(await routeOf(await create("payin", payin()))).toBe("orange-money"); // a token in hand
    orange.failNext(1000, 503);
    const stuck: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create("payin", payin());
      expect(res.status).toBe(200);
      stuck.push(res.body.data.transaction_id);
    }
    for (const id of stuck) expect(await row(app, id)).toMatchObject({ route: "orange-money", status: "pending", submittedAt: null });
    const moved = await create("payin", payin());
    expect(await routeOf(moved)).toBe("pawapay");
    await syncBreakers(true);
    const ci = routeStates().find((s) => s.country === "CI" && s.network === "orange" && s.direction === "payin")!;
    expect(ci.current).toBe("pawapay");
    expect(ci.routes.map((r) => [r.route, r.breaker])).toEqual([
      ["orange-money", "open"],
      ["pawapay", "closed"],
    ]);
    expect(ci.routes[0].lastErrors[0].message).toBe("orange-money answered 503");
    expect((await orangeCi()).availability).toEqual({ payin: true, payout: true });

    // Orange is back: after the cool-down the stuck payins are sent to Orange, never to pawaPay.
    orange.failNext(0);
    const deadline = Date.now() + 8000;
    let rows = await Promise.all(stuck.map((id) => row(app, id)));
    while (rows.some((t) => !t.redirectUrl) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      await runWorkerBatch(app.database.db);
      rows = await Promise.all(stuck.map((id) => row(app, id)));
    }
    for (const t of rows) {
      expect([t.route, t.redirectUrl?.startsWith(orange.baseUrl)]).toEqual(["orange-money", true]);
      expect([...pawapay.payments.values()].some((p) => p.id === t.operatorHandle)).toBe(false);
      await orange.customerPays(t.redirectUrl!, fakePhone("CI", FAKE.ok));
      expect((await settle(app, t.id, { worker: true })).status).toBe("successful");
    }
    expect(await routeOf(await create("payin", payin()))).toBe("orange-money");
  });
});
