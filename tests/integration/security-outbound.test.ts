import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhookSettings } from "@/server/db/schema";
import { TRPCError } from "@trpc/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest, payoutRequest } from "../helpers/payments";
import { startReceiver, transactionWithEvent, type Receiver } from "../helpers/webhooks";
import { resetEnvCache } from "@/server/env";
import { loadUser } from "@/server/auth/session";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { deliverEventNow } from "@/server/webhooks/delivery-job";
import { postWebhook } from "@/server/webhooks/http-post";
import { privateTargetsAllowed, redactUrl } from "@/server/webhooks/url-guard";
import { setWebhookUrl } from "@/server/webhooks/settings";

/**
 * Issue 10 §3 / D14: outbound webhook requests cannot reach the inside. Production's
 * default (no ALLOW_PRIVATE_WEBHOOK_URLS) is set per case through the environment.
 */
let app: TestApp;
let receiver: Receiver;
const createCaller = createCallerFactory(appRouter);
const saved = { NODE_ENV: process.env.NODE_ENV, ALLOW: process.env.ALLOW_PRIVATE_WEBHOOK_URLS };

function policy(nodeEnv: string, allow?: "0" | "1") {
  (process.env as Record<string, string | undefined>).NODE_ENV = nodeEnv;
  if (allow === undefined) delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
  else process.env.ALLOW_PRIVATE_WEBHOOK_URLS = allow;
  resetEnvCache();
}

/** A tRPC error's message with its field errors (what the dashboard shows). */
function detailOf(err: unknown): string {
  expect(err).toBeInstanceOf(TRPCError);
  const e = err as TRPCError;
  return `${e.message} ${JSON.stringify((e.cause as { data?: unknown } | undefined)?.data ?? null)}`;
}

beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
});
afterEach(() => policy(saved.NODE_ENV ?? "test", saved.ALLOW as "0" | "1" | undefined));
afterAll(async () => {
  await receiver.close();
  await app.close();
});

describe("the private-address policy (D14)", () => {
  it("refuses private targets in production for both modes, unless ALLOW_PRIVATE_WEBHOOK_URLS=1 (test mode only)", () => {
    policy("production");
    expect(privateTargetsAllowed("test")).toBe(false);
    expect(privateTargetsAllowed("live")).toBe(false);
    policy("production", "1");
    expect(privateTargetsAllowed("test")).toBe(true);
    expect(privateTargetsAllowed("live")).toBe(false);
    policy("development");
    expect(privateTargetsAllowed("test")).toBe(true);
    expect(privateTargetsAllowed("live")).toBe(false);
  });
});

describe("callback_url in test mode, production policy", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://vm/hook", // a name that resolves (/etc/hosts) to loopback
    "http://10.1.2.3/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/hook",
    "http://[fd00::1]/hook",
    "http://[::1]/hook",
    "http://2130706433/hook",
  ])("refuses %s on a payin with 422", async (url) => {
    policy("production");
    const m = await app.createMerchant();
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: url }) });
    expect(res.status).toBe(422);
    expect(res.body.data.callback_url[0]).toMatch(/public address/);
  });

  it("refuses a private callback_url on a payout with 422", async () => {
    policy("production");
    const m = await app.createMerchant();
    const res = await app.request("/api/v1/merchant/payout", {
      method: "POST",
      key: m.testApiKey,
      json: payoutRequest({ callback_url: "http://127.0.0.1:1/x" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.data.callback_url[0]).toMatch(/public address/);
  });

  it("accepts the same URL when the operator sets ALLOW_PRIVATE_WEBHOOK_URLS=1", async () => {
    policy("production", "1");
    const m = await app.createMerchant();
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: receiver.url }) });
    expect(res.status).toBe(200);
  });
});

describe("dashboard default URL and test event, production policy", () => {
  it("refuses a private default URL, and a test event to one saved earlier, with a clear message", async () => {
    const m = await app.createMerchant();
    const user = (await loadUser(app.database.db, m.userId))!;
    const caller = createCaller({ db: app.database.db, user });
    policy("production");
    const setErr = await caller.webhooks.setUrl({ merchantId: m.merchantId, mode: "test", url: "http://127.0.0.1:9/x" }).catch((e: unknown) => e);
    expect(detailOf(setErr)).toMatch(/url.*must point to a public address/);
    policy("development");
    await setWebhookUrl(app.database.db, { merchantId: m.merchantId, mode: "test", url: receiver.url });
    policy("production");
    const err = await caller.webhooks.sendTest({ merchantId: m.merchantId, mode: "test" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect(detailOf(err)).toMatch(/url.*must point to a public address/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe("delivery-time check, production policy", () => {
  it("does not deliver a test-mode event stored with a private URL; nothing of the inside is logged", async () => {
    const m = await app.createMerchant();
    const before = receiver.received.length;
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, callbackUrl: receiver.url });
    policy("production");
    const result = await deliverEventNow(app.database.db, eventId);
    expect(result?.state).not.toBe("delivered");
    expect(result?.error ?? "").toMatch(/blocked/);
    expect(receiver.received.length).toBe(before);
  });

  it("refuses a name resolving to loopback at delivery", async () => {
    policy("production");
    const port = new URL(receiver.url).port;
    const out = await postWebhook({ url: `http://vm:${port}/hook`, body: "{}", headers: {}, mode: "test", timeoutMs: 2000 });
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/blocked/);
    expect(out.responseExcerpt).toBeNull();
  });
});

describe("userinfo credentials in webhook URLs", () => {
  it("are redacted in the delivery log, the transaction view and the settings view", async () => {
    const m = await app.createMerchant();
    const user = (await loadUser(app.database.db, m.userId))!;
    const caller = createCaller({ db: app.database.db, user });
    const withCreds = receiver.url.replace("http://", "http://hookuser:s3cret-pass@");
    const { transaction, eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId, callbackUrl: withCreds });
    await deliverEventNow(app.database.db, eventId);
    const seen = receiver.received.at(-1)!;
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from("hookuser:s3cret-pass").toString("base64")}`);

    const log = await caller.webhooks.events({ merchantId: m.merchantId, mode: "test" });
    const detail = await caller.transactions.detail({ merchantId: m.merchantId, mode: "test", id: transaction.id });
    expect(log.items[0].lastUrl).toMatch(/^http:\/\/\*\*\*@/);
    expect(detail.webhooks[0].attempts[0].url).toMatch(/^http:\/\/\*\*\*@/);
    const settingsBefore = await setWebhookUrl(app.database.db, { merchantId: m.merchantId, mode: "test", url: withCreds });
    const dumped = JSON.stringify([log, detail, settingsBefore]);
    expect(dumped).not.toContain("s3cret-pass");
    expect(dumped).not.toContain("hookuser");
    expect(settingsBefore.url).toBe(redactUrl(withCreds));
    expect(settingsBefore.url).toMatch(/^http:\/\/\*\*\*@127\.0\.0\.1:/);
    // Saving the redacted form back keeps the stored credentials.
    await setWebhookUrl(app.database.db, { merchantId: m.merchantId, mode: "test", url: settingsBefore.url });
    const [stored] = await app.database.db.select().from(webhookSettings).where(eq(webhookSettings.merchantId, m.merchantId));
    expect(stored.url).toBe(withCreds);
  });
});
