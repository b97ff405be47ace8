import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { webhookSettings } from "@/server/db/schema";
import { encryptSecret } from "@/server/auth/secret-box";
import { revealWebhookSecret, rotateWebhookSecret } from "@/server/webhooks/settings";
import { separateSharedWebhookSecrets } from "@/server/webhooks/separate-secrets";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/** D13/D14 (issue 10 §2): each mode signs with its own secret. */
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

describe("webhook secrets per mode", () => {
  it("a test-mode event verifies with the test secret and NOT with the live secret", async () => {
    const r = await startReceiver();
    receivers.push(r);
    const m = await app.createMerchant();
    expect(m.liveWebhookSecret).toMatch(/^whsec_/);
    expect(m.liveWebhookSecret).not.toBe(m.webhookSecret);
    const created = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: r.url }) });
    expect(created.status).toBe(200);
    expect(
      await waitFor(async () => {
        await runWorkerBatch(app.database.db);
        return r.received.length > 0;
      }, 10_000),
    ).toBe(true);
    const got = r.received[0];
    const headers = got.headers as Record<string, string>;
    expect(verifyWebhookSignature(got.raw, headers, m.webhookSecret)).toBe(true);
    expect(verifySignature(got.raw, headers["signature"], m.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, headers, m.liveWebhookSecret)).toBe(false);
    expect(verifySignature(got.raw, headers["signature"], m.liveWebhookSecret)).toBe(false);
  });

  it("reveal and rotation are per mode", async () => {
    const m = await app.createMerchant();
    const test = { merchantId: m.merchantId, mode: "test" as const };
    const live = { merchantId: m.merchantId, mode: "live" as const };
    expect(await revealWebhookSecret(app.database.db, test)).toBe(m.webhookSecret);
    expect(await revealWebhookSecret(app.database.db, live)).toBe(m.liveWebhookSecret);
    const rotated = await rotateWebhookSecret(app.database.db, test);
    expect(await revealWebhookSecret(app.database.db, test)).toBe(rotated);
    expect(await revealWebhookSecret(app.database.db, live)).toBe(m.liveWebhookSecret);
  });

  it("the start-up repair gives test mode a new secret where both modes shared one, keeping live's", async () => {
    const m = await app.createMerchant();
    const other = await app.createMerchant();
    // A merchant created before D14: the live row holds the test secret.
    await app.database.db
      .update(webhookSettings)
      .set({ secretEncrypted: encryptSecret(m.webhookSecret) })
      .where(and(eq(webhookSettings.merchantId, m.merchantId), eq(webhookSettings.mode, "live")));
    const repaired = await separateSharedWebhookSecrets(app.database.db);
    expect(repaired).toEqual([m.merchantId]);
    const test = await revealWebhookSecret(app.database.db, { merchantId: m.merchantId, mode: "test" });
    const live = await revealWebhookSecret(app.database.db, { merchantId: m.merchantId, mode: "live" });
    expect(live).toBe(m.webhookSecret);
    expect(test).toMatch(/^whsec_/);
    expect(test).not.toBe(live);
    const [row] = await app.database.db
      .select()
      .from(webhookSettings)
      .where(and(eq(webhookSettings.merchantId, m.merchantId), eq(webhookSettings.mode, "test")));
    expect(row.previousSecretEncrypted).toBeNull(); // no overlap: the shared secret stops signing test events at once
    expect(await revealWebhookSecret(app.database.db, { merchantId: other.merchantId, mode: "test" })).toBe(other.webhookSecret);
    expect(await separateSharedWebhookSecrets(app.database.db)).toEqual([]);
  });
});
