import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest, payoutRequest } from "../helpers/payments";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/** Webhooks through the real payin/payout routes: the callback_url guard (422) and end-to-end delivery. */
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

describe("callback_url in live mode", () => {
  it.each(["http://127.0.0.1/hook", "https://10.0.0.1/hook", "https://2130706433/hook", "https://[::ffff:127.0.0.1]/hook", "https://localhost/hook"])(
    "refuses %s with 422 on payin and payout",
    async (callback_url) => {
      const m = await app.createMerchant({ kycStatus: "approved" });
      for (const [path, body] of [
        ["/api/v1/merchant/payin", payinRequest({ callback_url })],
        ["/api/v1/merchant/payout", payoutRequest({ callback_url })],
      ] as const) {
        const res = await app.request(path, { method: "POST", key: m.liveApiKey, json: body });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe("Validation failed");
        expect(Object.keys(res.body.data)).toEqual(["callback_url"]);
        expect(res.body.data.callback_url[0]).toMatch(/^The callback_url field must (be an https URL|point to a public address) in live mode\.$/);
      }
    },
  );

  it("accepts the same local URL in test mode", async () => {
    const m = await app.createMerchant();
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: "http://127.0.0.1:9/hook" }) });
    expect(res.status).toBe(200);
  });
});

describe("a payin's status webhook, end to end", () => {
  it("arrives signed at the callback_url with the final status the status endpoint confirms", async () => {
    const r = await startReceiver();
    receivers.push(r);
    const m = await app.createMerchant();
    const created = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: r.url }) });
    expect(created.status).toBe(200);
    const id = created.body.data.transaction_id;

    const delivered = await waitFor(async () => {
      await runWorkerBatch(app.database.db);
      return r.received.some((x) => JSON.parse(x.raw.toString()).status === "successful");
    }, 10_000);
    expect(delivered).toBe(true);
    const final = r.received.find((x) => JSON.parse(x.raw.toString()).status === "successful")!;
    const headers = final.headers as Record<string, string>;
    expect(verifySignature(final.raw, headers["signature"], m.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(final.raw, headers, m.webhookSecret)).toBe(true);
    const body = JSON.parse(final.raw.toString());
    expect(body).toMatchObject({ transaction_id: id, type: "cashin", status: "successful", metadata: { om_otp: null } });
    expect(body.metadata.phone_number).not.toMatch(/^\+/);
    // One event per status change, each delivered once.
    const ids = r.idsSeen();
    expect([...ids.values()].every((n) => n === 1)).toBe(true);

    const status = await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.testApiKey });
    expect(status.body.data.status).toBe("successful");
  });
});
