import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { PAWAPAY_PROVIDERS } from "@/server/connectors/pawapay/descriptor";
import { createPawapayFake } from "../fakes/pawapay/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, postingKinds, railsEnv, row, setEnv, settle, sleep, transactionCount } from "../helpers/live";

/** pawaPay (D19) in live mode through /api/v1 against the pawaPay v2 fake: deposits, payouts, refunds. */
let app: TestApp;
let pawapay: ReturnType<typeof createPawapayFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

const CURRENCY: Record<string, string> = { BJ: "XOF", BF: "XOF", CM: "XAF", CI: "XOF", CD: "CDF", CG: "XAF", KE: "KES", RW: "RWF", SN: "XOF", TZ: "TZS", UG: "UGX" };
const allProviders = Object.entries(PAWAPAY_PROVIDERS)
  .map(([pair, code]) => `${pair}=${code}`)
  .join(",");
const pawapayEnv = (extra: Record<string, string> = {}) => ({
  ...railsEnv(app),
  PAWAPAY_BASE_URL: pawapay.baseUrl,
  PAWAPAY_API_TOKEN: pawapay.config.apiToken,
  PAWAPAY_PROVIDERS: allProviders,
  ...extra,
});
const payin = (country: string, network: string, suffix: string, extra: Record<string, string> = {}) => ({
  amount: 5000,
  currency: CURRENCY[country],
  metadata: { network, country_code: country, phone_number: fakePhone(country, suffix), ...extra },
});
const payout = (country: string, network: string, suffix: string) => ({
  amount: 5000,
  currency: CURRENCY[country],
  payment_method: "mobile_money",
  metadata: { network, country_code: country, phone_number: fakePhone(country, suffix), beneficiary: "Awa Diop" },
});
const create = (kind: "payin" | "payout", body: unknown) => app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: merchant.liveApiKey, json: body });
const callback = (kind: string, body: unknown) => fetch(`${app.baseUrl}/api/connectors/pawapay/${kind}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
/** ORANGE_BFA authorises with a code made beforehand (PREAUTH): the payin carries om_otp. */
const preauth = (country: string, network: string): Record<string, string> => (country === "BF" && network === "orange" ? { om_otp: "4321" } : {});

beforeAll(async () => {
  app = await startTestApp();
  pawapay = createPawapayFake({ outcomeDelayMs: 150 });
  await pawapay.start();
  pawapay.setCallbackUrls({
    deposits: `${app.baseUrl}/api/connectors/pawapay/deposits`,
    payouts: `${app.baseUrl}/api/connectors/pawapay/payouts`,
    refunds: `${app.baseUrl}/api/connectors/pawapay/refunds`,
  });
  merchant = await app.createMerchant({ kycStatus: "approved" });
  for (const currency of new Set(Object.values(CURRENCY))) await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency, amount: 5_000_000 });
});
afterAll(async () => {
  await pawapay.close();
  await app.close();
});
beforeEach(() => {
  undoEnv = setEnv(pawapayEnv());
});
afterEach(() => {
  undoEnv();
  pawapay.set({ loseCallbacks: false, slowMs: 0, outcomeDelayMs: 150 });
});

describe("live pawaPay (aggregator route)", () => {
  it("payin and payout on every pair of ours that pawaPay's providers page lists", { timeout: 120_000 }, async () => {
    const pairs = Object.keys(PAWAPAY_PROVIDERS).map((k) => k.split(":") as [string, string]);
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    // One alone first (a fresh process loads its modules on the first request), then a few at a
    // time: the point is every pair, not a load test.
    expect((await create("payin", payin("SN", "free", FAKE.ok))).status).toBe(200);
    const jobs = pairs.flatMap(([country, network]) => [
      () => create("payin", payin(country, network, FAKE.ok, preauth(country, network))).then((r) => ({ kind: "payin", country, network, r })),
      () => create("payout", payout(country, network, FAKE.ok)).then((r) => ({ kind: "payout", country, network, r })),
    ]);
    const created: Array<{ kind: string; country: string; network: string; r: Awaited<ReturnType<typeof create>> }> = [];
    for (let i = 0; i < jobs.length; i += 6) created.push(...(await Promise.all(jobs.slice(i, i + 6).map((job) => job()))));
    for (const c of created) expect([c.kind, c.country, c.network, c.r.status, c.r.body.message]).toEqual([c.kind, c.country, c.network, 200, c.kind === "payin" ? "Payin initiated" : "Payout initiated"]);
    for (const c of created) {
      const t = await settle(app, c.r.body.data.transaction_id, { worker: true });
      expect([c.kind, c.country, c.network, t.status, t.route, t.connector]).toEqual([c.kind, c.country, c.network, "successful", "pawapay", "pawapay"]);
      const kind = c.kind === "payin" ? "deposits" : "payouts";
      const held = pawapay.payment(kind, t.operatorHandle!);
      expect(held?.provider).toBe(PAWAPAY_PROVIDERS[`${c.country}:${c.network}`]);
      expect(held?.amount).toBe("5000");
    }
    // The pre-authorisation code reached pawaPay and was never stored on our side.
    const bf = created.find((c) => c.kind === "payin" && c.country === "BF" && c.network === "orange")!;
    const bfRow = await row(app, bf.r.body.data.transaction_id);
    expect(pawapay.payment("deposits", bfRow.operatorHandle!)?.preAuthorisationCode).toBe("4321");
    expect(JSON.stringify(bfRow.requestMetadata)).not.toContain("4321");
  });

  it("maps failures in plain words: the payer's refusal cancels, others fail; a failed payout returns the money", async () => {
    const cases = [
      ["payin", FAKE.insufficient, "failed", "Customer has insufficient funds"],
      ["payin", FAKE.declined, "cancelled", "Customer did not approve the payment"],
      ["payin", FAKE.other, "failed", "Customer's number is not registered for mobile money"],
      ["payout", FAKE.insufficient, "failed", "Recipient's number is not registered for mobile money"],
      ["payout", FAKE.expired, "failed", "The network could not process the transaction"],
    ] as const;
    for (const [kind, suffix, status, reason] of cases) {
      const res = await create(kind, kind === "payin" ? payin("SN", "free", suffix) : payout("SN", "free", suffix));
      const t = await settle(app, res.body.data.transaction_id, { worker: true });
      expect([kind, suffix, t.status, t.failureReason]).toEqual([kind, suffix, status, reason]);
      if (kind === "payout") expect(await postingKinds(app, t.id)).toEqual(["payout_release", "payout_reserve"]);
    }
  });

  it("REJECTED on initiation: failed at once with pawaPay's reason in plain words", async () => {
    undoEnv();
    undoEnv = setEnv(pawapayEnv({ PAWAPAY_PROVIDERS: "SN:free=MTN_MOMO_UGA" }));
    const res = await create("payin", payin("SN", "free", FAKE.ok));
    expect(res.status).toBe(200);
    const t = await row(app, res.body.data.transaction_id);
    expect([t.status, t.failureReason]).toEqual(["failed", "The phone number is not valid for this network"]);
  });

  it("answer lost after pawaPay stored the deposit: resent with the same depositId (DUPLICATE_IGNORED), paid once", async () => {
    pawapay.loseNextAnswers(1);
    const res = await create("payin", payin("TZ", "vodacom", FAKE.ok));
    expect(res.status).toBe(200);
    const id = res.body.data.transaction_id;
    const before = await row(app, id);
    expect([before.status, before.submittedAt]).toEqual(["pending", null]);
    const t = await settle(app, id, { worker: true });
    expect(t.status).toBe("successful");
    const posts = pawapay.requests.filter((r) => r.method === "POST" && r.path === "/v2/deposits" && JSON.parse(r.body).depositId === t.operatorHandle);
    expect(posts).toHaveLength(2);
    expect([...pawapay.payments.values()].filter((p) => p.id === t.operatorHandle)).toHaveLength(1);
  });

  it("callback lost: the worker's status check finds the outcome; a forged callback only triggers a check", async () => {
    pawapay.set({ loseCallbacks: true });
    const lost = (await create("payin", payin("BJ", "moov", FAKE.ok))).body.data.transaction_id;
    expect((await settle(app, lost, { worker: true })).status).toBe("successful");
    const never = await row(app, (await create("payin", payin("BJ", "moov", FAKE.never))).body.data.transaction_id);
    const forged = await callback("deposits", { depositId: never.operatorHandle, status: "COMPLETED", amount: "5000", currency: "XOF" });
    expect(forged.status).toBe(200);
    expect((await row(app, never.id)).status).toBe("pending");
    expect((await callback("nonsense", {})).status).toBe(404);
  });

  it("refund of a payin that went through pawaPay uses pawaPay's refunds, naming its deposit", async () => {
    const paid = await settle(app, (await create("payin", payin("CI", "orange", FAKE.ok))).body.data.transaction_id, { worker: true });
    expect([paid.status, paid.route]).toEqual(["successful", "pawapay"]);
    const res = await app.request(`/api/v1/merchant/transactions/${paid.id}/refund`, { method: "POST", key: merchant.liveApiKey, json: { amount: 2000 } });
    expect(res.status).toBe(200);
    const refund = await settle(app, res.body.data.transaction_id, { worker: true });
    expect([refund.status, refund.route, refund.type]).toEqual(["successful", "pawapay", "refund"]);
    const held = pawapay.payment("refunds", refund.operatorHandle!);
    expect([held?.depositId, held?.amount]).toEqual([paid.operatorHandle, "2000"]);
    expect(pawapay.payment("payouts", refund.operatorHandle!)).toBeUndefined();
  });

  it("payout never acknowledged, past its timeout, unknown to pawaPay (NOT_FOUND): failed and the money returned", async () => {
    undoEnv();
    undoEnv = setEnv(pawapayEnv({ PAYOUT_TIMEOUT_SECONDS: "1", CONNECTOR_BREAKER_THRESHOLD: "5" }));
    pawapay.failNext(1, 502);
    const id = (await create("payout", payout("UG", "mtn", FAKE.ok))).body.data.transaction_id;
    expect((await row(app, id)).submittedAt).toBeNull();
    await sleep(1100);
    await runWorkerBatch(app.database.db);
    const t = await row(app, id);
    expect([t.status, t.failureReason]).toEqual(["failed", "The network never accepted the payout"]);
    expect(await postingKinds(app, id)).toEqual(["payout_release", "payout_reserve"]);
  });

  it("operator 5xx burst: the route's breaker opens (503, nothing written: no other route), then recovers", async () => {
    pawapay.failNext(3, 503);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create("payin", payin("TZ", "tigo", FAKE.ok))).body.data.transaction_id);
    const n = await transactionCount(app);
    const refused = await create("payin", payin("TZ", "tigo", FAKE.ok));
    expect([refused.status, refused.body.message]).toEqual([503, "Network unavailable"]);
    expect(await transactionCount(app)).toBe(n);
    await sleep(1100);
    for (const id of ids) expect((await settle(app, id, { worker: true })).status).toBe("successful");
  });
});
