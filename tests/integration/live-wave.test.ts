import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectorEvents, transactions } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createWaveFake, type WaveFake } from "../fakes/wave/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, postingKinds, railsEnv, row, setEnv, settle, sleep, transactionCount } from "../helpers/live";

/** wave in live mode through /api/v1 against the Wave fake (D15, issue 11). */
let app: TestApp;
let wave: WaveFake;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

const waveEnv = (extra: Record<string, string> = {}) => ({
  ...railsEnv(app),
  WAVE_BASE_URL: wave.baseUrl,
  WAVE_API_KEY: wave.config.apiKey,
  WAVE_WEBHOOK_SECRET: wave.config.webhookSecret,
  ...extra,
});
const payin = (suffix: string) => ({ amount: 1000, metadata: { network: "wave", country_code: "SN", phone_number: fakePhone("SN", suffix) } });
const payout = (suffix: string) => ({
  amount: 1000,
  currency: "XOF",
  payment_method: "mobile_money",
  metadata: { network: "wave", country_code: "SN", phone_number: fakePhone("SN", suffix), beneficiary: "Awa Diop" },
});
const create = (kind: "payin" | "payout", body: unknown) => app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body });
const webhook = (body: string, signature: string) => fetch(`${app.baseUrl}/api/connectors/wave/webhook`, { method: "POST", headers: { "content-type": "application/json", "wave-signature": signature }, body });

beforeAll(async () => {
  app = await startTestApp();
  wave = await createWaveFake({ outcomeDelayMs: 150 }).start();
  wave.setWebhookUrl(`${app.baseUrl}/api/connectors/wave/webhook`);
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF", amount: 100_000 });
});
afterAll(async () => {
  await wave.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(waveEnv());
});
afterEach(() => {
  undoEnv();
  wave.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
});

describe("live Wave", () => {
  it("payin: redirect_url is the checkout session's launch URL; the signed webhook leads to successful", async () => {
    // The outcome (and its callback) lands after our answer is recorded: the callback alone settles it.
    wave.set({ outcomeDelayMs: 600 });
    const res = await create("payin", payin(FAKE.ok));
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toMatch(new RegExp(`^${wave.baseUrl}/c/`));
    const t = await settle(app, res.body.data.transaction_id);
    expect(t.status).toBe("successful");
    expect(t.redirectUrl).toBe(res.body.data.redirect_url);
    expect(wave.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")?.headers["idempotency-key"]).toBe(t.operatorHandle);
  });

  it("maps failure kinds; a failed checkout is expired at Wave", async () => {
    const cases = [
      [FAKE.insufficient, "failed", "Customer has insufficient funds"],
      [FAKE.declined, "cancelled", "Customer did not complete the payment before the checkout expired"],
      [FAKE.other, "failed", "Customer's Wave account is blocked"],
    ] as const;
    for (const [suffix, status, reason] of cases) {
      const t = await settle(app, (await create("payin", payin(suffix))).body.data.transaction_id, { worker: true });
      expect([suffix, t.status, t.failureReason]).toEqual([suffix, status, reason]);
      if (status === "failed") expect(wave.sessions.get(t.connectorRef!)?.checkout_status).toBe("expired");
    }
  });

  it("payout: successful, and a failure refunds", async () => {
    const ok = await settle(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id, { worker: true });
    expect(ok.status).toBe("successful");
    const bad = await settle(app, (await create("payout", payout(FAKE.insufficient))).body.data.transaction_id, { worker: true });
    expect([bad.status, bad.failureReason]).toEqual(["failed", "Recipient's number is not a Wave account"]);
    expect(await postingKinds(app, bad.id)).toEqual(["payout_release", "payout_reserve"]);
  });

  it("forged webhook refused (401); a replayed one is ignored (event ids kept in the database)", async () => {
    wave.set({ loseCallbacks: true });
    const t = await row(app, (await create("payin", payin(FAKE.never))).body.data.transaction_id);
    const body = JSON.stringify({ id: "AE_forged1", type: "checkout.session.completed", data: { id: t.connectorRef, client_reference: t.id, checkout_status: "complete", payment_status: "succeeded" } });
    expect((await webhook(body, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`)).status).toBe(401);
    expect((await row(app, t.id)).status).toBe("pending");
    // Properly signed: verified, but the outcome still comes from Wave's own answer (still open).
    const first = await webhook(body, wave.sign(body));
    expect(first.status).toBe(200);
    expect((await row(app, t.id)).status).toBe("pending");
    const replay = await webhook(body, wave.sign(body));
    expect(await replay.json()).toMatchObject({ note: "replay ignored" });
    expect(await app.database.db.select().from(connectorEvents).where(eq(connectorEvents.eventId, "AE_forged1"))).toHaveLength(1);
  });

  it("a signed webhook whose event id and reference hold a NUL: answered, recorded (NUL shown as U+FFFD), its replay ignored", async () => {
    const body = JSON.stringify({ id: "AE_nul\u0000id", type: "checkout.session.completed", data: { id: "cos_x", client_reference: "pi_\u0000", checkout_status: "complete", payment_status: "succeeded" } });
    const first = await webhook(body, wave.sign(body));
    expect([first.status, await first.json()]).toEqual([200, { received: true, note: "no pending transaction" }]);
    const replay = await webhook(body, wave.sign(body));
    expect(await replay.json()).toMatchObject({ note: "replay ignored" });
    expect(await app.database.db.select().from(connectorEvents).where(eq(connectorEvents.eventId, "AE_nul\uFFFDid"))).toHaveLength(1);
  });

  it("a signed webhook whose client_reference is not a string (an object, a number) is answered, not a 500", async () => {
    for (const [n, reference] of [[1, { id: "pi_x" }], [2, 42], [3, ["pi_x"]]] as const) {
      const body = JSON.stringify({ id: `AE_shape${n}`, type: "checkout.session.completed", data: { id: "cos_x", client_reference: reference, checkout_status: "complete", payment_status: "succeeded" } });
      const res = await webhook(body, wave.sign(body));
      expect([res.status, await res.json()]).toEqual([200, { received: true, note: "nothing to look up" }]);
    }
  });

  it("callback lost: the worker's query finds the outcome", async () => {
    wave.set({ loseCallbacks: true });
    const id = (await create("payin", payin(FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("duplicate payout submission after a crash: same Idempotency-Key, one Wave payout", async () => {
    const t = await row(app, (await create("payout", payout(FAKE.ok))).body.data.transaction_id);
    await app.database.db.update(transactions).set({ submittedAt: null, connectorRef: null, nextCheckAt: new Date() }).where(eq(transactions.id, t.id));
    const payoutsBefore = wave.payouts.size;
    const done = await settle(app, t.id, { worker: true });
    expect(done.status).toBe("successful");
    expect(wave.payouts.size).toBe(payoutsBefore);
    expect(wave.requests.filter((r) => r.path === "/v1/payout" && r.headers["idempotency-key"] === t.operatorHandle)).toHaveLength(2);
  });

  it("payout timeout that later succeeds: flagged, not refunded", async () => {
    undoEnv();
    undoEnv = setEnv(waveEnv({ PAYOUT_TIMEOUT_SECONDS: "1" }));
    wave.set({ outcomeDelayMs: 2500 });
    const id = (await create("payout", payout(FAKE.ok))).body.data.transaction_id;
    await sleep(1100);
    await runWorkerBatch(app.database.db);
    const flagged = await row(app, id);
    expect([flagged.status, flagged.needsAttention]).toEqual(["pending", true]);
    expect(await postingKinds(app, id)).toEqual(["payout_reserve"]);
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });

  it("operator 5xx burst: breaker opens, 503 without writing, then recovers and the stuck payins go through", async () => {
    wave.failNext(3, 503);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create("payin", payin(FAKE.ok))).body.data.transaction_id);
    const n = await transactionCount(app);
    expect((await create("payin", payin(FAKE.ok))).status).toBe(503);
    expect(await transactionCount(app)).toBe(n);
    await sleep(1100);
    for (const id of ids) expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });
});
