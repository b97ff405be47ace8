import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { transactions } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createDarajaFake } from "../fakes/daraja/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, walletOf } from "../helpers/payments";
import { FAKE, fakePhone, postingKinds, railsEnv, row, setEnv, settle, sleep, transactionCount } from "../helpers/live";

/** safaricom (M-Pesa KE) in live mode through /api/v1 against the Daraja fake (D15, issue 11). */
let app: TestApp;
let daraja: ReturnType<typeof createDarajaFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

function darajaEnv(extra: Record<string, string> = {}) {
  const c = daraja.config;
  return {
    ...railsEnv(app),
    MPESA_BASE_URL: daraja.baseUrl,
    MPESA_CONSUMER_KEY: c.consumerKey,
    MPESA_CONSUMER_SECRET: c.consumerSecret,
    MPESA_SHORTCODE: c.shortcode,
    MPESA_PASSKEY: c.passkey,
    MPESA_B2C_SHORTCODE: c.b2cShortcode,
    MPESA_B2C_INITIATOR_NAME: c.initiatorName,
    MPESA_B2C_SECURITY_CREDENTIAL: c.securityCredential,
    ...extra,
  };
}

const payin = (suffix: string, amount = 100) => ({ amount, metadata: { network: "mpesa", country_code: "KE", phone_number: fakePhone("KE", suffix) } });
const payout = (suffix: string) => ({
  amount: 100,
  currency: "KES",
  payment_method: "mobile_money",
  metadata: { network: "safaricom", country_code: "KE", phone_number: fakePhone("KE", suffix), beneficiary: "Wanjiru Kamau" },
});
const create = (kind: "payin" | "payout", body: unknown) => app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body });
const stkPushes = () => daraja.requests.filter((r) => r.path === "/mpesa/stkpush/v1/processrequest");
const resultUrl = (id: string, secret: string) => `${app.baseUrl}/api/connectors/safaricom/b2c/result/${id}/${secret}`;
/** The ResultURL Daraja received for the payout (its secret is derived, only a digest is stored). */
const receivedResultUrl = (t: { operatorHandle: string | null }) => daraja.b2cRequests.get(t.operatorHandle!)!.resultUrl;
const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await startTestApp();
  daraja = await createDarajaFake({ outcomeDelayMs: 150 }).start();
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "KES", amount: 50_000 });
});
afterAll(async () => {
  await daraja.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(darajaEnv());
});
afterEach(() => {
  undoEnv();
  daraja.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
});

describe("live M-Pesa (Daraja)", () => {
  it("payin: STK push, the callback wakes the STK query, successful", async () => {
    // The outcome (and its callback) lands after our answer is recorded: the callback alone settles it.
    daraja.set({ outcomeDelayMs: 600 });
    const res = await create("payin", payin(FAKE.ok));
    expect(res.status).toBe(200);
    const t = await settle(app, res.body.data.transaction_id);
    expect(t.status).toBe("successful");
    expect(t.connector).toBe("daraja");
    expect(t.connectorRef).toMatch(/^ws_CO_/);
    expect(daraja.requests.some((r) => r.path === "/mpesa/stkpushquery/v1/query" && JSON.parse(r.body).CheckoutRequestID === t.connectorRef)).toBe(true);
  });

  it("maps each STK failure kind", async () => {
    const cases = [
      [FAKE.insufficient, "failed", "Customer has insufficient funds"],
      [FAKE.declined, "cancelled", "Customer cancelled the payment"],
      [FAKE.expired, "cancelled", "Customer could not be reached or did not answer in time"],
      [FAKE.other, "failed", "Customer entered a wrong M-Pesa PIN"],
    ] as const;
    for (const [suffix, status, reason] of cases) {
      const t = await settle(app, (await create("payin", payin(suffix))).body.data.transaction_id, { worker: true });
      expect([suffix, t.status, t.failureReason]).toEqual([suffix, status, reason]);
    }
  });

  it("payout: B2C with the stored OriginatorConversationID; the secret result URL applies the outcome; failures refund", async () => {
    const before = await walletOf(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "KES" });
    const ok = await settle(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    expect(ok.status).toBe("successful");
    expect(daraja.b2cRequests.has(ok.operatorHandle!)).toBe(true);
    const cases = [
      [FAKE.insufficient, "Recipient is not a registered M-Pesa customer"],
      [FAKE.expired, "M-Pesa timed out before processing the payout"],
    ] as const;
    for (const [suffix, reason] of cases) {
      const t = await settle(app, (await create("payout", payout(suffix))).body.data.transaction_id);
      expect([t.status, t.failureReason]).toEqual(["failed", reason]);
      expect(await postingKinds(app, t.id)).toEqual(["payout_release", "payout_reserve"]);
    }
    const after = await walletOf(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "KES" });
    expect(before.available - after.available).toBe(ok.chargedAmount);
  });

  it("forged B2C results are ignored: wrong secret (403), or amount / conversation id not matching", async () => {
    daraja.set({ loseCallbacks: true });
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await sleep(250);
    const real = daraja.b2cResultBody(t.operatorHandle!) as { Result: Record<string, unknown> & { ResultParameters: { ResultParameter: Array<{ Key: string; Value: unknown }> } } };
    expect((await post(resultUrl(t.id, "not-the-secret"), real)).status).toBe(403);
    // Issue 19 §13: the database keeps a digest, never the secret the ResultURL carries.
    const urlSecret = receivedResultUrl(t).split("/").at(-1)!;
    expect(t.callbackSecret).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(t.callbackSecret).not.toContain(urlSecret);
    expect((await post(resultUrl(t.id, t.callbackSecret!), real)).status).toBe(403); // the stored value is no key
    const wrongAmount = structuredClone(real);
    wrongAmount.Result.ResultParameters.ResultParameter = wrongAmount.Result.ResultParameters.ResultParameter.map((p) => (p.Key === "TransactionAmount" ? { ...p, Value: 99999 } : p));
    expect((await post(receivedResultUrl(t), wrongAmount)).status).toBe(200);
    expect((await row(app, t.id)).status).toBe("pending");
    const otherConversation = { Result: { ...real.Result, OriginatorConversationID: "someone-else" } };
    await post(receivedResultUrl(t), otherConversation);
    expect((await row(app, t.id)).status).toBe("pending");
    // A forged STK callback claiming success on a payin that never resolves changes nothing either.
    const p = (await create("payin", payin(FAKE.never))).body.data.transaction_id;
    await post(`${app.baseUrl}/api/connectors/safaricom/stk/${p}`, { Body: { stkCallback: { CheckoutRequestID: "ws_CO_x", ResultCode: 0 } } });
    expect((await row(app, p)).status).toBe("pending");
    // The real result, on the real URL, is applied.
    expect((await post(receivedResultUrl(t), real)).status).toBe(200);
    expect((await row(app, t.id)).status).toBe("successful");
  });

  it("a genuine B2C result whose TransactionID holds a NUL is applied, the reference stored with U+FFFD", async () => {
    daraja.set({ loseCallbacks: true });
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await sleep(250);
    const real = daraja.b2cResultBody(t.operatorHandle!) as { Result: Record<string, unknown> };
    const res = await post(receivedResultUrl(t), { Result: { ...real.Result, TransactionID: "QK\u00001" } });
    expect([res.status, await res.json()]).toEqual([200, { received: true, note: "applied" }]);
    const after = await row(app, t.id);
    expect([after.status, after.connectorRef]).toEqual(["successful", "QK\uFFFD1"]);
  });

  it("callback lost: the worker's STK query finds the outcome", async () => {
    daraja.set({ loseCallbacks: true });
    const id = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("token expiry mid-run: a fresh OAuth token, no failure", async () => {
    const first = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    daraja.expireTokens();
    const second = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, first, { worker: true })).status).toBe("successful");
    expect((await settle(app, second, { worker: true })).status).toBe("successful");
  });

  it("duplicate B2C submission after a crash: same OriginatorConversationID, paid once", async () => {
    daraja.set({ loseCallbacks: true });
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await app.database.db.update(transactions).set({ submittedAt: null, nextCheckAt: new Date() }).where(eq(transactions.id, t.id));
    await runWorkerBatch(app.database.db);
    const sends = daraja.requests.filter((r) => r.path === "/mpesa/b2c/v3/paymentrequest" && JSON.parse(r.body).OriginatorConversationID === t.operatorHandle);
    expect(sends).toHaveLength(2);
    expect([...daraja.b2cRequests.keys()].filter((k) => k === t.operatorHandle)).toHaveLength(1);
    await sleep(250);
    await post(receivedResultUrl(t), daraja.b2cResultBody(t.operatorHandle!));
    expect((await row(app, t.id)).status).toBe("successful");
    expect(await postingKinds(app, t.id)).toEqual(["payout_reserve", "payout_settle"]);
  });

  it("payout timeout that later succeeds: no query to ask, flagged, never refunded", async () => {
    undoEnv();
    undoEnv = setEnv(darajaEnv({ PAYOUT_TIMEOUT_SECONDS: "1" }));
    daraja.set({ loseCallbacks: true });
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await sleep(1100);
    await runWorkerBatch(app.database.db);
    const flagged = await row(app, t.id);
    expect([flagged.status, flagged.needsAttention]).toEqual(["pending", true]);
    expect(await postingKinds(app, t.id)).toEqual(["payout_reserve"]);
    await post(receivedResultUrl(t), daraja.b2cResultBody(t.operatorHandle!));
    expect((await row(app, t.id)).status).toBe("successful");
    expect(await postingKinds(app, t.id)).toEqual(["payout_reserve", "payout_settle"]);
  });

  it("operator 5xx burst: breaker opens (503, nothing written), STK never pushed twice, then recovers", async () => {
    daraja.failNext(3, 503);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create("payin", payin(FAKE.ok))).body.data.transaction_id);
    const n = await transactionCount(app);
    const refused = await create("payin", payin(FAKE.ok));
    expect([refused.status, refused.body.message]).toEqual([503, "Network unavailable"]);
    expect(await transactionCount(app)).toBe(n);
    await sleep(1100);
    const pushesBefore = stkPushes().length;
    await runWorkerBatch(app.database.db);
    expect(stkPushes().length).toBe(pushesBefore); // an unanswered STK push is never sent again
    for (const id of ids) expect((await row(app, id)).lastOperatorError).toMatch(/503/);
    const again = await create("payin", payin(FAKE.ok));
    expect(again.status).toBe(200);
    expect((await settle(app, again.body.data.transaction_id, { worker: true })).status).toBe("successful");
  });

  it("cents in KES are refused at creation with 422 (M-Pesa takes whole shillings)", async () => {
    const res = await create("payin", payin(FAKE.ok, 100.5));
    expect(res.status).toBe(422);
    expect(res.body.data.amount[0]).toMatch(/whole KES/);
  });
});
