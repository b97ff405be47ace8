import { createHmac, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AmountNotRepresentable } from "@/server/connectors/operator-http";
import { ReplayGuard, createWaveClient, mapWaveEvent, verifyWaveWebhook, waveAvailable, waveConfig, type WaveCheckoutRequest, type WaveClient, type WavePayoutRequest } from "@/server/connectors/wave/client";
import { createWaveFake, type WaveFake } from "../fakes/wave/server";
import { captureLogger, startReceiver, waitFor } from "../fakes/test-support";

/** The Wave client against the Wave fake, over real HTTP, and Wave's webhook signatures. */
let fake: WaveFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let log: ReturnType<typeof captureLogger>;
let client: WaveClient;

const env = (baseUrl: string) => ({ WAVE_BASE_URL: baseUrl, WAVE_API_KEY: fake.config.apiKey, WAVE_WEBHOOK_SECRET: fake.config.webhookSecret });

const checkout = (suffix: string, over: Partial<WaveCheckoutRequest> = {}): WaveCheckoutRequest => ({
  idempotencyKey: randomUUID(),
  amount: 500000n,
  currency: "XOF",
  phone: `22177000${suffix}`,
  clientReference: `pi_${randomUUID().slice(0, 8)}`,
  successUrl: "https://sika.example/checkout/done",
  errorUrl: "https://sika.example/checkout/error",
  requestId: `req_${randomUUID().slice(0, 8)}`,
  ...over,
});

const payout = (suffix: string, over: Partial<WavePayoutRequest> = {}): WavePayoutRequest => ({
  idempotencyKey: randomUUID(),
  amount: 200000n,
  currency: "XOF",
  phone: `22177000${suffix}`,
  clientReference: `po_${randomUUID().slice(0, 8)}`,
  requestId: `req_${randomUUID().slice(0, 8)}`,
  ...over,
});

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await createWaveFake({ outcomeDelayMs: 150, webhookUrl: `${receiver.url}/api/connectors/wave/webhook` }).start();
  log = captureLogger();
  client = createWaveClient(waveConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
afterEach(() => fake.set({ slowMs: 0, loseCallbacks: false }));

describe("Wave configuration (D15)", () => {
  it("needs base URL, API key and webhook secret; serves SN CI GM", () => {
    const cfg = waveConfig(env("http://x"));
    expect(waveAvailable(cfg, "SN")).toBe(true);
    expect(waveAvailable(cfg, "KE")).toBe(false);
    expect(waveConfig({ ...env("http://x"), WAVE_WEBHOOK_SECRET: "" })).toBeNull();
  });
});

describe("Wave checkout (payin)", () => {
  it("creates a session whose launch URL is the redirect, completes, and the signed webhook verifies", async () => {
    const r = checkout("1234");
    const created = await client.createCheckout(r);
    expect(created.state).toBe("pending");
    expect(created.launchUrl).toBe(`${fake.baseUrl}/c/${created.operatorRef}`);
    const sent = fake.requests.find((q) => q.headers["idempotency-key"] === r.idempotencyKey)!;
    expect(JSON.parse(sent.body)).toMatchObject({ amount: "5000", currency: "XOF", restrict_payer_mobile: "+221770001234", client_reference: r.clientReference });
    const sessionId = created.operatorRef!;
    const done = await waitFor(async () => {
      const s = await client.getCheckout(sessionId, "q");
      return s.state !== "pending" && s;
    });
    expect(done.state).toBe("successful");
    expect(done.operatorRef).toMatch(/^T_/);
    const hook = await waitFor(() => receiver.received.find((c) => c.body.includes(sessionId)));
    const check = client.verifyWebhook(hook.body, hook.headers["wave-signature"] as string);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.event.type).toBe("checkout.session.completed");
      expect(mapWaveEvent(check.event)).toMatchObject({ sessionId, clientReference: r.clientReference, result: { state: "successful" } });
    }
  });

  it("a failed payment attempt is failed in words (and a payment_failed event); walking away is cancelled", async () => {
    const failed = await client.createCheckout(checkout("0001"));
    const f = await waitFor(async () => {
      const s = await client.getCheckout(failed.operatorRef!, "q");
      return s.state !== "pending" && s;
    });
    expect(f).toMatchObject({ state: "failed", reason: "Customer has insufficient funds", operatorCode: "insufficient-funds" });
    await client.expireCheckout(failed.operatorRef!, "expire");
    const hook = await waitFor(() => receiver.received.find((c) => c.body.includes(failed.operatorRef!)));
    expect(JSON.parse(hook.body).type).toBe("checkout.session.payment_failed");
    const walked = await client.createCheckout(checkout("0002"));
    const w = await waitFor(async () => {
      const s = await client.getCheckout(walked.operatorRef!, "q");
      return s.state !== "pending" && s;
    });
    expect(w).toMatchObject({ state: "cancelled", reason: "Customer did not complete the payment before the checkout expired" });
  });

  it("the same Idempotency-Key replays the same session; with a different body it is refused", async () => {
    const r = checkout("1234");
    const a = await client.createCheckout(r);
    const b = await client.createCheckout({ ...r, requestId: "retry" });
    expect(b.operatorRef).toBe(a.operatorRef);
    expect(fake.sessions.size).toBeGreaterThan(0);
    expect([...fake.sessions.values()].filter((s) => s.client_reference === r.clientReference)).toHaveLength(1);
    const e = await client.createCheckout({ ...r, amount: 600000n }).catch((x) => x);
    expect(e).toMatchObject({ kind: "rejected", status: 409, code: "idempotency-mismatch" });
  });

  it("validation: XOF cents refused before the call; a bad API key is an auth error; unknown session notFound", async () => {
    await expect(client.createCheckout(checkout("1234", { amount: 500050n }))).rejects.toBeInstanceOf(AmountNotRepresentable);
    const bad = createWaveClient({ ...waveConfig(env(fake.baseUrl))!, apiKey: "wave_sn_prod_wrong" }, { logger: log.logger });
    expect(await bad.createCheckout(checkout("1234")).catch((x) => x)).toMatchObject({ kind: "auth", status: 401 });
    expect(await client.getCheckout("cos-nope", "q")).toMatchObject({ state: "unknown", notFound: true });
  });
});

describe("Wave payout", () => {
  it("succeeds with the idempotency key sent; failures come back in words", async () => {
    const r = payout("1234");
    const created = await client.createPayout(r);
    expect(created.state).toBe("pending");
    expect(JSON.parse(fake.requests.find((q) => q.headers["idempotency-key"] === r.idempotencyKey)!.body)).toMatchObject({ receive_amount: "2000", mobile: "+221770001234" });
    expect(await waitFor(async () => (await client.getPayout(created.operatorRef!, "q")).state === "successful")).toBe(true);
    const again = await client.createPayout(r);
    expect(again.operatorRef).toBe(created.operatorRef); // replay: paid once
    const bad = await client.createPayout(payout("0001"));
    const s = await waitFor(async () => {
      const x = await client.getPayout(bad.operatorRef!, "q");
      return x.state !== "pending" && x;
    });
    expect(s).toMatchObject({ state: "failed", reason: "Recipient's number is not a Wave account" });
  });
});

describe("Wave webhook signatures", () => {
  const secret = "wave_sn_WHS_fakesecret0123456789";
  const body = JSON.stringify({ id: "AE_1", type: "checkout.session.completed", data: { id: "cos-1", checkout_status: "complete", payment_status: "succeeded" } });
  const now = new Date();
  const t = Math.floor(now.getTime() / 1000);
  const sig = (s: string, ts: number, b = body) => `t=${ts},v1=${createHmac("sha256", s).update(`${ts}${b}`).digest("hex")}`;

  it("accepts a valid signature (also among several v1 values)", () => {
    expect(verifyWaveWebhook(body, sig(secret, t), secret, { now }).ok).toBe(true);
    expect(verifyWaveWebhook(body, `${sig(secret, t)},v1=${"0".repeat(64)}`, secret, { now }).ok).toBe(true);
    expect(verifyWaveWebhook(body, fake.sign(body, t), secret, { now }).ok).toBe(true);
  });

  it("refuses forged, altered, missing and malformed signatures", () => {
    expect(verifyWaveWebhook(body, sig("another-secret", t), secret, { now })).toEqual({ ok: false, why: "forged" });
    expect(verifyWaveWebhook(body.replace("cos-1", "cos-2"), sig(secret, t), secret, { now })).toEqual({ ok: false, why: "forged" });
    expect(verifyWaveWebhook(body, undefined, secret, { now })).toEqual({ ok: false, why: "missing" });
    expect(verifyWaveWebhook(body, "v1=abc", secret, { now })).toEqual({ ok: false, why: "malformed" });
  });

  it("refuses replays: outside the 5-minute window, or the same event id again", () => {
    expect(verifyWaveWebhook(body, sig(secret, t - 301), secret, { now })).toEqual({ ok: false, why: "stale" });
    const guard = new ReplayGuard();
    expect(verifyWaveWebhook(body, sig(secret, t), secret, { now, seen: guard.seen }).ok).toBe(true);
    expect(verifyWaveWebhook(body, sig(secret, t), secret, { now, seen: guard.seen })).toEqual({ ok: false, why: "replayed" });
  });
});

describe("Wave operator failures", () => {
  it("5xx burst then recovery; a timeout is outcome-unknown and the replay with the key pays once", async () => {
    fake.failNext(2, 500);
    expect(await client.createPayout(payout("1234")).catch((x) => x)).toMatchObject({ kind: "server", outcomeUnknown: true });
    expect(await client.getPayout("pt-x", "q").catch((x) => x)).toMatchObject({ kind: "server" });
    expect((await client.createPayout(payout("1234"))).state).toBe("pending");

    const slow = createWaveClient(waveConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 150 });
    fake.set({ slowMs: 400 });
    const r = payout("1234");
    expect(await slow.createPayout(r).catch((x) => x)).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    fake.set({ slowMs: 0 });
    await waitFor(() => [...fake.payouts.values()].some((p) => p.client_reference === r.clientReference));
    const replay = await slow.createPayout(r);
    expect([...fake.payouts.values()].filter((p) => p.client_reference === r.clientReference)).toHaveLength(1);
    expect(replay.operatorRef).toBe([...fake.payouts.values()].find((p) => p.client_reference === r.clientReference)!.id);
  });

  it("logs never carry the API key or webhook secret", () => {
    const text = log.text();
    expect(text).toContain("operator call");
    for (const s of [fake.config.apiKey, fake.config.webhookSecret, "Bearer"]) expect(text).not.toContain(s);
  });
});
