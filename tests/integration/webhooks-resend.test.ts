import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { startTestApp, type TestApp } from "../helpers/app";
import { startReceiver, transactionWithEvent, waitFor, type Receiver } from "../helpers/webhooks";
import { transactions, webhookSettings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { deliverWebhookBatch } from "@/server/webhooks/delivery-job";
import { getWebhookEvent, listEventsForTransaction, listWebhookEvents } from "@/server/webhooks/delivery-log";
import { sendTestEvent } from "@/server/webhooks/resend";
import { getWebhookSettings, revealWebhookSecret, rotateWebhookSecret, setWebhookUrl } from "@/server/webhooks/settings";
import { verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/** Resend (4.4), the dashboard's webhook services (settings, rotation, test event) and the delivery log. */
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

const resendPath = (id: string) => `/api/v1/merchant/transactions/${id}/resend-webhook`;

describe("POST /api/v1/merchant/transactions/{id}/resend-webhook", () => {
  it("sends a new event from the transaction's current state within a second, without a worker batch", async () => {
    const r = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const { transaction, eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, status: "pending" });
    await deliverWebhookBatch(app.database.db);
    expect(r.received).toHaveLength(1);
    await app.database.db.update(transactions).set({ status: "failed", updatedAt: new Date() }).where(eq(transactions.id, transaction.id));

    const started = Date.now();
    const res = await app.request(resendPath(transaction.id), { method: "POST", key: m.testApiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", message: "Webhook resent", data: { transaction_id: transaction.id, webhook_url: r.url } });
    expect(await waitFor(() => r.received.length === 2, 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);

    const resent = r.received[1];
    expect(resent.headers["webhook-id"]).toMatch(/^msg_/);
    expect(resent.headers["webhook-id"]).not.toBe(eventId);
    expect(JSON.parse(resent.raw.toString()).status).toBe("failed");
    expect(new Webhook(m.webhookSecret).verify(resent.raw.toString(), resent.headers as Record<string, string>)).toBeTruthy();
    // The receiver sees the request before the sender records its outcome: wait for that.
    const load = () => listEventsForTransaction(app.database.db, { merchantId: m.merchantId, mode: "test", transactionId: transaction.id });
    await waitFor(async () => (await load()).every((e) => e.state === "delivered"), 5000);
    const events = await load();
    expect(events.map((e) => [e.kind, e.status, e.state])).toEqual([
      ["status_change", "pending", "delivered"],
      ["resend", "failed", "delivered"],
    ]);
    expect(events[1].attempts).toHaveLength(1);
    expect(events[1].attempts[0]).toMatchObject({ statusCode: 200, url: r.url });
  });

  it("uses the transaction's callback_url when it has one", async () => {
    const fallback = await receiver();
    const callback = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: fallback.url } });
    const { transaction } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, callbackUrl: callback.url });
    const res = await app.request(resendPath(transaction.id), { method: "POST", key: m.testApiKey });
    expect(res.body.data.webhook_url).toBe(callback.url);
    expect(await waitFor(() => callback.received.length === 1, 1000)).toBe(true);
    expect(fallback.received).toHaveLength(0);
  });

  it("answers 404 for an unknown id, another merchant's or the other mode's transaction", async () => {
    const m = await app.createMerchant({ webhookUrl: { test: "http://127.0.0.1:9/x" } });
    const other = await app.createMerchant();
    const { transaction } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const notFound = { status: "error", message: "Transaction not found", data: null };
    for (const [id, key] of [
      ["pi_01NOPE", m.testApiKey],
      [transaction.id, other.testApiKey],
      [transaction.id, m.liveApiKey],
    ] as const) {
      const res = await app.request(resendPath(id), { method: "POST", key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });

  it("answers 400 when neither a callback_url nor a default URL exists, 401 without a key, 405 on GET", async () => {
    const m = await app.createMerchant();
    const { transaction } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const res = await app.request(resendPath(transaction.id), { method: "POST", key: m.testApiKey });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "error", message: "No webhook URL configured", data: null });
    expect((await app.request(resendPath(transaction.id), { method: "POST" })).status).toBe(401);
    expect((await app.request(resendPath(transaction.id), { method: "GET", key: m.testApiKey })).status).toBe(405);
  });
});

describe("secret rotation", () => {
  it("signs Webhook-Signature with both secrets for 24 h (new first), Signature with the new one", async () => {
    const r = await receiver();
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const scope = { merchantId: m.merchantId, mode: "test" as const };
    const oldSecret = m.webhookSecret;
    const newSecret = await rotateWebhookSecret(app.database.db, scope);
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await revealWebhookSecret(app.database.db, scope)).toBe(newSecret);
    const view = await getWebhookSettings(app.database.db, scope);
    expect(view.hasSecret).toBe(true);
    const overlap = view.previousSecretExpiresAt!.getTime() - Date.now();
    expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

    await transactionWithEvent(app.database.db, scope);
    await deliverWebhookBatch(app.database.db);
    const got = r.received[0];
    const headers = got.headers as Record<string, string>;
    const entries = headers["webhook-signature"].split(" ");
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.startsWith("v1,"))).toBe(true);
    // New first: a receiver on the new secret matches the first entry, one still on the old matches the second.
    expect(verifyWebhookSignature(got.raw, { ...headers, "webhook-signature": entries[0] }, newSecret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, { ...headers, "webhook-signature": entries[1] }, oldSecret)).toBe(true);
    expect(new Webhook(oldSecret).verify(got.raw.toString(), headers)).toBeTruthy();
    expect(new Webhook(newSecret).verify(got.raw.toString(), headers)).toBeTruthy();
    const crypto = await import("node:crypto");
    expect(headers["signature"]).toBe(crypto.createHmac("sha256", newSecret).update(got.raw).digest("hex"));

    // After the overlap the old secret no longer signs.
    await app.database.db
      .update(webhookSettings)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(webhookSettings.merchantId, m.merchantId), eq(webhookSettings.mode, "test")));
    expect((await getWebhookSettings(app.database.db, scope)).previousSecretExpiresAt).toBeNull();
    await transactionWithEvent(app.database.db, scope);
    await deliverWebhookBatch(app.database.db);
    const later = r.received[1].headers as Record<string, string>;
    expect(later["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(r.received[1].raw.toString(), later)).toThrow();
    expect(new Webhook(newSecret).verify(r.received[1].raw.toString(), later)).toBeTruthy();
  });
});

describe("webhook settings and the test event", () => {
  it("validates the default URL with the same guard as callback_url, and null clears it", async () => {
    const m = await app.createMerchant();
    const live = { merchantId: m.merchantId, mode: "live" as const };
    for (const url of ["http://127.0.0.1/hook", "https://10.0.0.1/hook", "https://[::ffff:127.0.0.1]/x", "https://2130706433/", "ftp://example.com"]) {
      const err = await setWebhookUrl(app.database.db, { ...live, url }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
      expect(Object.keys((err as AppError).data as object)).toEqual(["url"]);
    }
    expect((await setWebhookUrl(app.database.db, { ...live, url: "https://93.184.215.14/hook" })).url).toBe("https://93.184.215.14/hook");
    expect((await setWebhookUrl(app.database.db, { ...live, url: null })).url).toBeNull();
    // Test mode takes localhost, so developers can receive on their machine.
    expect((await setWebhookUrl(app.database.db, { merchantId: m.merchantId, mode: "test", url: "http://localhost:4000/hook" })).url).toBe(
      "http://localhost:4000/hook",
    );
    expect(await revealWebhookSecret(app.database.db, live)).toBe(m.liveWebhookSecret);
    expect(await revealWebhookSecret(app.database.db, { ...live, mode: "test" })).toBe(m.webhookSecret);
  });

  it("sendTestEvent delivers a 2.4-shaped sample to the default URL and reports the attempt", async () => {
    const r = await receiver();
    const m = await app.createMerchant();
    const scope = { merchantId: m.merchantId, mode: "test" as const };
    await expect(sendTestEvent(app.database.db, scope)).rejects.toMatchObject({ status: 400, message: "No webhook URL configured" });
    await setWebhookUrl(app.database.db, { ...scope, url: r.url });
    const result = await sendTestEvent(app.database.db, scope);
    expect(result.delivery).toMatchObject({ state: "delivered", statusCode: 200, url: r.url });
    expect(r.received).toHaveLength(1);
    const body = JSON.parse(r.received[0].raw.toString());
    expect(body.transaction_id).toMatch(/^pi_test_/);
    expect(Object.keys(body).sort()).toEqual(
      ["amount", "charged_amount", "created_at", "currency", "decline_reason", "fee", "metadata", "order_id", "status", "transaction_id", "type", "updated_at"].sort(),
    );
    const event = await getWebhookEvent(app.database.db, { ...scope, eventId: result.eventId });
    expect(event).toMatchObject({ kind: "test", state: "delivered", transactionId: null });
    expect(event!.attempts).toHaveLength(1);
  });
});

describe("the delivery log", () => {
  it("pages a merchant's events newest first, filters by state, and shows nobody else's", async () => {
    const r = await receiver((_req, n) => ({ status: n % 2 === 0 ? 500 : 200 }));
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const other = await app.createMerchant();
    const scope = { merchantId: m.merchantId, mode: "test" as const };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await transactionWithEvent(app.database.db, scope)).eventId);
    await deliverWebhookBatch(app.database.db, { schedule: [600], concurrency: 1 });

    const first = await listWebhookEvents(app.database.db, { ...scope, limit: 2 });
    expect(first.items.map((e) => e.id)).toEqual([ids[4], ids[3]]);
    const second = await listWebhookEvents(app.database.db, { ...scope, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const third = await listWebhookEvents(app.database.db, { ...scope, limit: 2, cursor: second.nextCursor });
    expect(third.items.map((e) => e.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();

    const pending = await listWebhookEvents(app.database.db, { ...scope, state: "pending" });
    expect(pending.items).toHaveLength(2);
    expect(pending.items.every((e) => e.lastError === "HTTP 500" && e.nextAttemptAt !== null)).toBe(true);
    expect((await listWebhookEvents(app.database.db, { ...scope, state: "delivered" })).items).toHaveLength(3);
    expect((await listWebhookEvents(app.database.db, { merchantId: other.merchantId, mode: "test" })).items).toHaveLength(0);
    expect((await listWebhookEvents(app.database.db, { ...scope, mode: "live" })).items).toHaveLength(0);
    expect(await getWebhookEvent(app.database.db, { merchantId: other.merchantId, mode: "test", eventId: ids[0] })).toBeUndefined();
  });
});
