import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { startTestApp, type TestApp } from "../helpers/app";
import { eventById, eventsById, refusedUrl, sleep, startReceiver, transactionWithEvent, type Receiver } from "../helpers/webhooks";
import { webhookAttempts, webhookEvents, webhookSettings } from "@/server/db/schema";
import { claimEvent } from "@/server/webhooks/claim";
import { recordSkip, webhookOutcomeStats } from "@/server/webhooks/outcome-log";
import { deliverWebhookBatch, type DeliveryOptions } from "@/server/webhooks/delivery-job";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/**
 * Delivery against a real receiver on 127.0.0.1 and a real database: signatures over the
 * raw bytes, retries with a stable Webhook-Id, timeouts, refused connections, the end of
 * the schedule, skipped events, redirects, and the live-mode address guard.
 */
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

async function receiver(respond?: Receiver["respond"]) {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

/** Runs batches until the event leaves `pending` (or the deadline). */
async function deliverUntilSettled(eventId: string, opts: DeliveryOptions, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    await deliverWebhookBatch(app.database.db, opts);
    const e = await eventById(app.database.db, eventId);
    if (e.state !== "pending") return e;
    await sleep(5);
  }
  return eventById(app.database.db, eventId);
}

const attemptsOf = (eventId: string) =>
  app.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, eventId)).orderBy(webhookAttempts.createdAt);

describe("a delivered webhook", () => {
  it("carries the exact stored body, signed as D10 says, and verifies with our snippet and the standardwebhooks library", async () => {
    const r = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { transaction, eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    // The real worker entry point (the same one the loop and POST /api/worker run).
    await runWorkerBatch(app.database.db);

    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    const event = await eventById(app.database.db, eventId);
    expect(event.state).toBe("delivered");
    expect(got.raw.toString("utf8")).toBe(event.body);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["user-agent"]).toBe("Sika-Webhooks/1");
    expect(got.headers["webhook-id"]).toBe(eventId);
    const ts = Number(got.headers["webhook-timestamp"]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(5);

    // Signature: hex HMAC-SHA256 of the raw received bytes, keyed with the whole whsec_ string.
    const hex = crypto.createHmac("sha256", m.webhookSecret).update(got.raw).digest("hex");
    expect(got.headers["signature"]).toBe(hex);
    expect(got.headers["signature"]).toMatch(/^[0-9a-f]{64}$/);

    // Webhook-Signature: computed here from the Standard Webhooks spec…
    const key = Buffer.from(m.webhookSecret.slice("whsec_".length), "base64");
    const signed = Buffer.concat([Buffer.from(`${eventId}.${ts}.`), got.raw]);
    const std = crypto.createHmac("sha256", key).update(signed).digest("base64");
    expect(got.headers["webhook-signature"]).toBe(`v1,${std}`);
    // …by the official library…
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(m.webhookSecret).verify(got.raw.toString("utf8"), headers)).toMatchObject({ transaction_id: transaction.id });
    // …and by the snippet the receiver guide quotes.
    expect(verifySignature(got.raw, headers["signature"], m.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, headers, m.webhookSecret)).toBe(true);
    expect(verifySignature(Buffer.concat([got.raw, Buffer.from(" ")]), headers["signature"], m.webhookSecret)).toBe(false);
    expect(verifyWebhookSignature(got.raw, headers, m.webhookSecret, { now: (ts + 301) * 1000 })).toBe(false);

    // Payload 2.4.
    expect(JSON.parse(got.raw.toString("utf8"))).toEqual({
      transaction_id: transaction.id,
      amount: 1000,
      fee: 15,
      charged_amount: 1015,
      currency: "XOF",
      order_id: transaction.orderId,
      status: "successful",
      type: "cashin",
      created_at: transaction.createdAt.toISOString(),
      updated_at: transaction.updatedAt.toISOString(),
      metadata: { country_code: "CI", phone_number: "2250700000000", network: "orange", om_otp: null },
      decline_reason: null, // issue 24's extra field: why a failed or cancelled one did not go through
    });

    const [logged] = await attemptsOf(eventId);
    expect(logged).toMatchObject({ url: r.url, statusCode: 200, error: null, responseExcerpt: "ok" });
    expect(logged.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("goes to the transaction's callback_url before the merchant's default URL", async () => {
    const fallback = await receiver();
    const callback = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: fallback.url } });
    await transactionWithEvent(app.database.db, { merchantId: m.merchantId, callbackUrl: callback.url });
    await deliverWebhookBatch(app.database.db);
    expect(callback.received).toHaveLength(1);
    expect(fallback.received).toHaveLength(0);
  });

  it("sends no Signature headers when the merchant has no secret", async () => {
    const r = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    await app.database.db.update(webhookSettings).set({ secretEncrypted: null }).where(eq(webhookSettings.merchantId, m.merchantId));
    await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    await deliverWebhookBatch(app.database.db);
    expect(r.received).toHaveLength(1);
    expect(r.received[0].headers["signature"]).toBeUndefined();
    expect(r.received[0].headers["webhook-signature"]).toBeUndefined();
    expect(r.received[0].headers["webhook-id"]).toMatch(/^msg_/);
  });
});

describe("retries", () => {
  const fast: DeliveryOptions = { schedule: [0.05, 0.05, 0.05] };

  it("a receiver answering 500 twice then 200 gets exactly 3 attempts with the same Webhook-Id", async () => {
    const r = await receiver((_req, n) => (n <= 2 ? { status: 500, body: "boom" } : { status: 200 }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const event = await deliverUntilSettled(eventId, fast);
    expect(event.state).toBe("delivered");
    expect(event.attemptCount).toBe(3);
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.headers["webhook-id"]))).toEqual(new Set([eventId]));
    // Same bytes every time.
    expect(new Set(r.received.map((x) => x.raw.toString("base64"))).size).toBe(1);
    const log = await attemptsOf(eventId);
    expect(log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(log[0]).toMatchObject({ error: "HTTP 500", responseExcerpt: "boom", url: r.url });
  });

  it("a receiver slower than the timeout is a failed attempt (WEBHOOK timeout set to 150 ms here)", async () => {
    const r = await receiver((_req, n) => (n === 1 ? { status: 200, delayMs: 600 } : { status: 200 }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const event = await deliverUntilSettled(eventId, { ...fast, timeoutMs: 150 });
    expect(event.state).toBe("delivered");
    const log = await attemptsOf(eventId);
    expect(log.map((a) => [a.statusCode, a.error])).toEqual([
      [null, "timeout after 150 ms"],
      [200, null],
    ]);
    expect(log[0].durationMs).toBeGreaterThanOrEqual(140);
    expect(log[0].durationMs).toBeLessThan(600);
  });

  it("a refused connection is retried, and the end of the schedule marks the event failed", async () => {
    const url = await refusedUrl();
    const m = await app.createMerchant({ webhookUrl: { test: url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const event = await deliverUntilSettled(eventId, { schedule: [0.02, 0.02] });
    expect(event.state).toBe("failed");
    expect(event.attemptCount).toBe(3); // 2 entries: at most 3 attempts
    expect(event.nextAttemptAt).toBeNull();
    expect(event.lastError).toBe("connection refused");
    const log = await attemptsOf(eventId);
    expect(log).toHaveLength(3);
    expect(log.every((a) => a.error === "connection refused" && a.statusCode === null)).toBe(true);
    // Further batches leave it alone.
    await deliverWebhookBatch(app.database.db, { schedule: [0.02, 0.02] });
    expect(await attemptsOf(eventId)).toHaveLength(3);
  });

  it("waits the scheduled delay (with jitter) before retrying", async () => {
    const r = await receiver(() => ({ status: 503 }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const before = Date.now();
    await deliverWebhookBatch(app.database.db, { schedule: [300] });
    const event = await eventById(app.database.db, eventId);
    expect(event.state).toBe("pending");
    const wait = event.nextAttemptAt!.getTime() - before;
    expect(wait).toBeGreaterThan(270_000 - 1000);
    expect(wait).toBeLessThan(330_000 + 1000);
    await deliverWebhookBatch(app.database.db, { schedule: [300] });
    expect(r.received).toHaveLength(1);
  });

  it("does not follow redirects: a 302 is a failed attempt", async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    await deliverWebhookBatch(app.database.db, { schedule: [60] });
    const [a] = await attemptsOf(eventId);
    expect(a.statusCode).toBe(302);
    expect(a.error).toBe(`redirect not followed (HTTP 302 to ${target.url})`);
    expect(target.received).toHaveLength(0);
    expect((await eventById(app.database.db, eventId)).state).toBe("pending");
  });

  it("keeps only the first 1 KB of a response in the log", async () => {
    const r = await receiver(() => ({ status: 200, body: "x".repeat(5000) }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    await deliverWebhookBatch(app.database.db);
    const [a] = await attemptsOf(eventId);
    expect(a.statusCode).toBe(200);
    expect(a.responseExcerpt).toBe("x".repeat(1024));
  });
});

describe("no URL, and live mode", () => {
  it("records an event with no URL anywhere as skipped, with the reason", async () => {
    const m = await app.createMerchant();
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    expect(await deliverWebhookBatch(app.database.db)).toBeGreaterThanOrEqual(1);
    const event = await eventById(app.database.db, eventId);
    expect(event.state).toBe("skipped");
    expect(event.lastError).toMatch(/^No webhook URL configured/);
    expect(await attemptsOf(eventId)).toHaveLength(0);
  });

  it("skips many such events in a few statements, not one each", async () => {
    const m = await app.createMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push((await transactionWithEvent(app.database.db, { merchantId: m.merchantId })).eventId);
    const before = webhookOutcomeStats();
    while ((await deliverWebhookBatch(app.database.db)) > 0);
    const after = webhookOutcomeStats();
    const events = await eventsById(app.database.db, ids);
    expect([...events.values()].map((e) => e.state)).toEqual(ids.map(() => "skipped"));
    expect([...events.values()].every((e) => e.nextAttemptAt === null && /^No webhook URL configured/.test(e.lastError ?? ""))).toBe(true);
    expect(after.items - before.items).toBeGreaterThanOrEqual(ids.length);
    // One UPDATE per event kept the worker's pool busy at the rate payments settle.
    expect(after.batches - before.batches).toBeLessThanOrEqual(Math.ceil((after.items - before.items) / 10));
  });

  it("does not mark skipped an event whose lease someone else took over", async () => {
    const m = await app.createMerchant();
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const claimed = await claimEvent(app.database.db, eventId, 30_000);
    expect(claimed?.target).toBeNull();
    // The lease ran out and another worker claimed the event again: our token is stale.
    await app.database.db.update(webhookEvents).set({ nextAttemptAt: new Date(Date.now() + 60_000) }).where(eq(webhookEvents.id, eventId));
    await recordSkip(app.database.db, { event: claimed!, reason: "stale" });
    const event = await eventById(app.database.db, eventId);
    expect(event.state).toBe("pending");
    expect(event.lastError).toBeNull();
  });

  it("never connects to a non-public address in live mode, even when such a URL got stored", async () => {
    const r = await receiver();
    const m = await app.createMerchant();
    const loopbackHttps = r.url.replace("http://", "https://");
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, mode: "live", callbackUrl: loopbackHttps });
    const other = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, mode: "live", callbackUrl: "https://localhost/hook" });
    await deliverWebhookBatch(app.database.db, { schedule: [60] });
    expect(r.received).toHaveLength(0);
    const [a] = await attemptsOf(eventId);
    expect(a.statusCode).toBeNull();
    expect(a.error).toBe("blocked: The url field must point to a public address in live mode.");
    const [b] = await attemptsOf(other.eventId);
    expect(b.error).toMatch(/^blocked: /);
  });
});
