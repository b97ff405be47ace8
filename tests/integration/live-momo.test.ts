import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { transactions } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createMomoFake, type MomoFake } from "../fakes/mtn-momo/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, statusWebhooks, walletOf } from "../helpers/payments";
import { FAKE, apiStatus, fakePhone, postingKinds, railsEnv, row, setEnv, settle, sleep, transactionCount } from "../helpers/live";

/** mtn in live mode through /api/v1 against the MTN MoMo fake (D15, issue 11). */
let app: TestApp;
let momo: MomoFake;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

function momoEnv(extra: Record<string, string> = {}) {
  const c = momo.credentials;
  return {
    ...railsEnv(app),
    MTN_MOMO_BASE_URL: momo.baseUrl,
    MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: c.collection.subscriptionKey,
    MTN_MOMO_COLLECTION_USER_ID: c.collection.userId,
    MTN_MOMO_COLLECTION_API_KEY: c.collection.apiKey,
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: c.disbursement.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_USER_ID: c.disbursement.userId,
    MTN_MOMO_DISBURSEMENT_API_KEY: c.disbursement.apiKey,
    MTN_MOMO_TARGET_ENVIRONMENTS: "UG=mtnuganda,CI=mtnivorycoast",
    ...extra,
  };
}

const payin = (suffix: string, extra: Record<string, unknown> = {}) => ({
  amount: 1000,
  metadata: { network: "mtn", country_code: "CI", phone_number: fakePhone("CI", suffix) },
  ...extra,
});
const payout = (suffix: string, amount = 1000) => ({
  amount,
  currency: "XOF",
  payment_method: "mobile_money",
  metadata: { network: "mtn", country_code: "CI", phone_number: fakePhone("CI", suffix), beneficiary: "Awa Diop" },
});

async function create(kind: "payin" | "payout", body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body, headers });
}

beforeAll(async () => {
  app = await startTestApp();
  momo = await createMomoFake({ outcomeDelayMs: 150 }).start();
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF", amount: 100_000 });
});
afterAll(async () => {
  await momo.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(momoEnv());
});
afterEach(() => {
  undoEnv();
  momo.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
  momo.alterAnswers(null);
});

describe("live MTN MoMo", () => {
  it("an answer holding a NUL (its financialTransactionId) still settles the payin, the reference kept with U+FFFD", async () => {
    // PostgreSQL text holds no U+0000: stored as sent, the reference failed the worker's update on every poll.
    momo.alterAnswers((a) => {
      const body = a.body as Record<string, unknown> | undefined;
      return body && typeof body === "object" && typeof body.financialTransactionId === "string" ? { ...a, body: { ...body, financialTransactionId: `FT\u0000${body.financialTransactionId}` } } : a;
    });
    const id = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    const t = await settle(app, id, { worker: true });
    expect(t.status).toBe("successful");
    expect(t.connectorRef).toMatch(/^FT\uFFFD\d+$/);
  });

  it("payin: requesttopay with the stored X-Reference-Id, callback wakes the query, successful with ledger and webhook", async () => {
    // The outcome (and its callback) lands after our answer is recorded: the callback alone settles it.
    momo.set({ outcomeDelayMs: 600 });
    const res = await create("payin", payin(FAKE.ok));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("pending");
    const id = res.body.data.transaction_id;
    const t = await settle(app, id);
    expect(t.status).toBe("successful");
    expect(t.connector).toBe("mtn-momo");
    expect(t.submittedAt).not.toBeNull();
    const calls = momo.requests.filter((r) => r.path === "/collection/v1_0/requesttopay");
    const mine = calls.filter((r) => r.headers["x-reference-id"] === t.operatorHandle);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0].body)).toMatchObject({ amount: "1000", currency: "XOF", externalId: id, payer: { partyIdType: "MSISDN" } });
    // The callback only woke a status query (GET by the same reference id).
    expect(momo.requests.some((r) => r.method === "GET" && r.path === `/collection/v1_0/requesttopay/${t.operatorHandle}`)).toBe(true);
    expect(await postingKinds(app, id)).toEqual(["payin_settle"]);
    expect((await statusWebhooks(app.database.db, id)).length).toBe(1);
    expect((await apiStatus(app, merchant.liveApiKey, id)).status).toBe("successful");
  });

  it("maps each failure kind: failed or cancelled with decline_reason in plain words", async () => {
    const cases = [
      [FAKE.insufficient, "failed", "Customer has insufficient funds"],
      [FAKE.declined, "cancelled", "Customer declined the payment"],
      [FAKE.expired, "cancelled", "Customer did not approve the payment in time"],
      [FAKE.other, "failed", "Customer's number is not registered for MTN Mobile Money"],
    ] as const;
    for (const [suffix, status, reason] of cases) {
      const res = await create("payin", payin(suffix));
      const t = await settle(app, res.body.data.transaction_id, { worker: true });
      expect([suffix, t.status, t.failureReason]).toEqual([suffix, status, reason]);
      const ref = await app.request(`/api/v1/transactions/${t.id}`, { key: merchant.liveApiKey });
      expect(ref.body.data.decline_reason).toBe(reason);
    }
  });

  it("payout: transfer, successful; failure returns the money", async () => {
    const before = await walletOf(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF" });
    const ok = await create("payout", payout(FAKE.ok));
    expect(ok.status).toBe(200);
    const bad = await create("payout", payout(FAKE.insufficient));
    const [a, b] = [await settle(app, ok.body.data.transaction_id, { worker: true }), await settle(app, bad.body.data.transaction_id, { worker: true })];
    expect(a.status).toBe("successful");
    expect(b.status).toBe("failed");
    expect(b.failureReason).toBe("Recipient's number is not registered for MTN Mobile Money");
    expect(await postingKinds(app, b.id)).toEqual(["payout_release", "payout_reserve"]);
    const after = await walletOf(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF" });
    expect(before.available - after.available).toBe(a.chargedAmount);
    expect(after.inFlight).toBe(before.inFlight);
  });

  it("callback lost: the worker's poll finds the outcome", async () => {
    momo.set({ loseCallbacks: true });
    const res = await create("payin", payin(FAKE.ok));
    const id = res.body.data.transaction_id;
    await sleep(300);
    expect((await row(app, id)).status).toBe("pending");
    const t = await settle(app, id, { worker: true });
    expect(t.status).toBe("successful");
  });

  it("forged callback: ignored, the operator's answer decides", async () => {
    const res = await create("payin", payin(FAKE.never));
    const id = res.body.data.transaction_id;
    const forged = await fetch(`${app.baseUrl}/api/connectors/mtn/callback/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ externalId: id, status: "SUCCESSFUL", financialTransactionId: "123" }),
    });
    expect(forged.status).toBe(200);
    const t = await row(app, id);
    expect(t.status).toBe("pending");
    expect(momo.requests.some((r) => r.method === "GET" && r.path.endsWith(`/requesttopay/${t.operatorHandle}`))).toBe(true);
  });

  it("token expiry mid-run: a fresh token, no failure", async () => {
    const first = await create("payin", payin(FAKE.ok));
    momo.expireTokens();
    const tokensBefore = momo.requests.filter((r) => r.path === "/collection/token/").length;
    const second = await create("payin", payin(FAKE.ok));
    expect((await settle(app, first.body.data.transaction_id, { worker: true })).status).toBe("successful");
    expect((await settle(app, second.body.data.transaction_id, { worker: true })).status).toBe("successful");
    expect(momo.requests.filter((r) => r.path === "/collection/token/").length).toBeGreaterThan(tokensBefore);
  });

  it("duplicate submission after a crash: resubmitted with the same handle, paid once", async () => {
    momo.set({ loseCallbacks: true });
    const res = await create("payout", payout(FAKE.ok));
    const id = res.body.data.transaction_id;
    const handle = (await row(app, id)).operatorHandle!;
    // The process died after MoMo accepted the transfer but before the answer was recorded.
    await app.database.db.update(transactions).set({ submittedAt: null, nextCheckAt: new Date() }).where(eq(transactions.id, id));
    const t = await settle(app, id, { worker: true });
    expect(t.status).toBe("successful");
    const posts = momo.requests.filter((r) => r.method === "POST" && r.path === "/disbursement/v1_0/transfer" && r.headers["x-reference-id"] === handle);
    expect(posts).toHaveLength(2); // the original and the retry, same X-Reference-Id (MoMo answered 409)
    expect(await postingKinds(app, id)).toEqual(["payout_reserve", "payout_settle"]);
  });

  it("payout timeout that later succeeds: queried, flagged, never refunded", async () => {
    undoEnv();
    undoEnv = setEnv(momoEnv({ PAYOUT_TIMEOUT_SECONDS: "1" }));
    momo.set({ loseCallbacks: true, outcomeDelayMs: 2500 });
    const res = await create("payout", payout(FAKE.ok));
    const id = res.body.data.transaction_id;
    await sleep(1200);
    await runWorkerBatch(app.database.db);
    let t = await row(app, id);
    expect(t.status).toBe("pending");
    expect(t.needsAttention).toBe(true);
    expect(await postingKinds(app, id)).toEqual(["payout_reserve"]);
    t = await settle(app, id, { worker: true });
    expect(t.status).toBe("successful");
    expect(await postingKinds(app, id)).toEqual(["payout_reserve", "payout_settle"]);
  });

  it("operator 5xx burst: the breaker opens (503, nothing written), then recovers", async () => {
    momo.set({ loseCallbacks: true });
    momo.failNext(3, 503);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create("payin", payin(FAKE.ok));
      expect(res.status).toBe(200);
      ids.push(res.body.data.transaction_id);
    }
    expect((await row(app, ids[0])).lastOperatorError).toMatch(/503/);
    const n = await transactionCount(app);
    const refused = await create("payin", payin(FAKE.ok));
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe("Network unavailable");
    expect(await transactionCount(app)).toBe(n);
    const networks = await app.request("/api/v1/networks?country_code=CI", { key: merchant.liveApiKey });
    expect(networks.body.data[0].networks.find((x: { network: string }) => x.network === "mtn").available).toBe(false);
    await sleep(1100);
    const again = await create("payin", payin(FAKE.ok));
    expect(again.status).toBe(200);
    for (const id of [...ids, again.body.data.transaction_id]) expect((await settle(app, id, { worker: true })).status).toBe("successful");
    // Each stuck payin was resubmitted with its own stored handle: one MoMo transaction each.
    for (const id of ids) {
      const handle = (await row(app, id)).operatorHandle;
      expect(momo.requests.filter((r) => r.method === "POST" && r.headers["x-reference-id"] === handle).length).toBeGreaterThanOrEqual(1);
    }
  });

  it("an amount MoMo cannot carry (cents in UGX) is refused at creation with 422", async () => {
    const before = await transactionCount(app);
    const res = await create("payin", { amount: 5000.5, metadata: { network: "mtn", country_code: "UG", phone_number: fakePhone("UG", FAKE.ok) } });
    expect(res.status).toBe(422);
    // D14 refuses the fraction before the connector is asked (zero-decimal UGX).
    expect(res.body.data.amount[0]).toMatch(/whole (UGX|number for UGX)/);
    expect(await transactionCount(app)).toBe(before);
  });
});
