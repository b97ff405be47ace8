import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { transactions } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createAirtelFake } from "../fakes/airtel/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, postingKinds, railsEnv, row, setEnv, settle, sleep, transactionCount } from "../helpers/live";

/** airtel in live mode through /api/v1 against the Airtel Africa fake (D15, issue 11). */
let app: TestApp;
let airtel: ReturnType<typeof createAirtelFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

const airtelEnv = (extra: Record<string, string> = {}) => ({
  ...railsEnv(app),
  AIRTEL_BASE_URL: airtel.baseUrl,
  AIRTEL_CLIENT_ID: airtel.config.clientId,
  AIRTEL_CLIENT_SECRET: airtel.config.clientSecret,
  AIRTEL_DISBURSEMENT_PIN: airtel.config.disbursementPin,
  AIRTEL_PUBLIC_KEY: airtel.publicKeyBase64,
  AIRTEL_COUNTRIES: "UG,KE,RW,TZ,CD",
  ...extra,
});
const payin = (suffix: string) => ({ amount: 5000, metadata: { network: "airtel", country_code: "UG", phone_number: fakePhone("UG", suffix) } });
const payout = (suffix: string) => ({
  amount: 5000,
  currency: "UGX",
  payment_method: "mobile_money",
  metadata: { network: "airtel", country_code: "UG", phone_number: fakePhone("UG", suffix), beneficiary: "Okello James" },
});
const create = (kind: "payin" | "payout", body: unknown) => app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body });
const callback = (body: unknown) => fetch(`${app.baseUrl}/api/connectors/airtel/callback`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await startTestApp();
  airtel = createAirtelFake({ outcomeDelayMs: 150 });
  airtel.setCallbackUrl(`${app.baseUrl}/api/connectors/airtel/callback`);
  await airtel.start();
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "UGX", amount: 1_000_000 });
});
afterAll(async () => {
  await airtel.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(airtelEnv());
});
afterEach(() => {
  undoEnv();
  airtel.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
});

describe("live Airtel Money", () => {
  it("payin: collection with our stored transaction id; the callback wakes the enquiry; successful", async () => {
    // The outcome (and its callback) lands after our answer is recorded: the callback alone settles it.
    airtel.set({ outcomeDelayMs: 600 });
    const res = await create("payin", payin(FAKE.ok));
    expect(res.status).toBe(200);
    const t = await settle(app, res.body.data.transaction_id);
    expect(t.status).toBe("successful");
    expect(airtel.transactions.has(`payment:${t.operatorHandle}`)).toBe(true);
    expect(airtel.requests.some((r) => r.method === "GET" && r.path === `/standard/v1/payments/${t.operatorHandle}`)).toBe(true);
  });

  it("maps failure kinds (payin and payout); a failed payout refunds", async () => {
    const cases = [
      ["payin", FAKE.insufficient, "failed", "Customer has insufficient funds"],
      ["payin", FAKE.declined, "cancelled", "Customer declined the payment"],
      ["payin", FAKE.expired, "cancelled", "Customer did not approve the payment in time"],
      ["payin", FAKE.other, "failed", "Customer entered a wrong PIN"],
      ["payout", FAKE.insufficient, "failed", "Recipient's number is not registered for Airtel Money"],
      ["payout", FAKE.declined, "failed", "Recipient's transaction limit has been reached"],
    ] as const;
    for (const [kind, suffix, status, reason] of cases) {
      const t = await settle(app, (await create(kind, kind === "payin" ? payin(suffix) : payout(suffix))).body.data.transaction_id, { worker: true });
      expect([kind, suffix, t.status, t.failureReason]).toEqual([kind, suffix, status, reason]);
      if (kind === "payout") expect(await postingKinds(app, t.id)).toEqual(["payout_release", "payout_reserve"]);
    }
    const ok = await settle(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id, { worker: true });
    expect(ok.status).toBe("successful");
  });

  it("forged callback: only an enquiry, the operator's answer decides", async () => {
    const t = await row(app, (await create("payin", payin(FAKE.never))).body.data.transaction_id);
    expect((await callback({ transaction: { id: t.operatorHandle, status_code: "TS", airtel_money_id: "MP1" } })).status).toBe(200);
    expect((await row(app, t.id)).status).toBe("pending");
  });

  it("callback lost: the worker's enquiry finds the outcome", async () => {
    airtel.set({ loseCallbacks: true });
    const id = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("token expiry mid-run: a fresh token, no failure", async () => {
    const first = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    airtel.expireTokens();
    const second = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, first, { worker: true })).status).toBe("successful");
    expect((await settle(app, second, { worker: true })).status).toBe("successful");
  });

  it("duplicate disbursement after a crash: same transaction id, paid once", async () => {
    airtel.set({ loseCallbacks: true });
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await app.database.db.update(transactions).set({ submittedAt: null, nextCheckAt: new Date() }).where(eq(transactions.id, t.id));
    expect((await settle(app, t.id, { worker: true })).status).toBe("successful");
    expect(airtel.requests.filter((r) => r.path === "/standard/v1/disbursements/" && r.method === "POST" && JSON.parse(r.body).transaction.id === t.operatorHandle)).toHaveLength(2);
    expect(await postingKinds(app, t.id)).toEqual(["payout_reserve", "payout_settle"]);
  });

  it("payout timeout that later succeeds: flagged, not refunded", async () => {
    undoEnv();
    undoEnv = setEnv(airtelEnv({ PAYOUT_TIMEOUT_SECONDS: "1" }));
    airtel.set({ loseCallbacks: true, outcomeDelayMs: 2500 });
    const id = (await create("payout", payout(FAKE.ok))).body.data.transaction_id;
    await sleep(1100);
    await runWorkerBatch(app.database.db);
    const flagged = await row(app, id);
    expect([flagged.status, flagged.needsAttention]).toEqual(["pending", true]);
    expect(await postingKinds(app, id)).toEqual(["payout_reserve"]);
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("operator 5xx burst: breaker opens (503, nothing written), then recovers", async () => {
    airtel.failNext(3, 503);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create("payin", payin(FAKE.ok))).body.data.transaction_id);
    const n = await transactionCount(app);
    expect((await create("payin", payin(FAKE.ok))).status).toBe(503);
    expect(await transactionCount(app)).toBe(n);
    await sleep(1100);
    for (const id of ids) expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });
});
