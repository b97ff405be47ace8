import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthKey, recordFailure } from "@/server/connectors/health";
import { OperatorError } from "@/server/connectors/operator-http";
import { registry } from "@/server/observability/metrics";
import { runObserver } from "@/server/worker/observer-job";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createDarajaFake } from "../fakes/daraja/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { FAKE, fakePhone, railsEnv, setEnv } from "../helpers/live";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";

/**
 * The business metrics (issue 25) as the real app records them, read from the process's
 * registry in the Prometheus text format: creations of every kind (payin, payout, bulk
 * payouts, refund), outcomes with their creation-to-outcome histogram, webhook attempts,
 * operator calls (the Daraja fake), breakers, and the worker observer's gauges.
 */
let app: TestApp;
let daraja: ReturnType<typeof createDarajaFake>;
let receiver: http.Server;
let undoEnv: () => void;

async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return (await registry.metrics())
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => parts.every((p) => l.includes(p)))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

const settle = async () => {
  while ((await runWorkerBatch(app.database.db)).lifecycle > 0);
};

beforeAll(async () => {
  receiver = http.createServer((_req, res) => res.writeHead(200).end("ok"));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  app = await startTestApp();
  daraja = await createDarajaFake({ outcomeDelayMs: 100 }).start();
  const c = daraja.config;
  undoEnv = setEnv({ ...railsEnv(app), ALLOW_PRIVATE_WEBHOOK_URLS: "1", SANDBOX_DELAY_MS: "0", MPESA_BASE_URL: daraja.baseUrl, MPESA_CONSUMER_KEY: c.consumerKey, MPESA_CONSUMER_SECRET: c.consumerSecret, MPESA_SHORTCODE: c.shortcode, MPESA_PASSKEY: c.passkey });
}, 120_000);

afterAll(async () => {
  undoEnv?.();
  await daraja?.close();
  await app?.close();
  receiver?.close();
});

describe("business metrics", () => {
  it("counts creations of every kind, outcomes with their time, and webhook attempts", { timeout: 60_000 }, async () => {
    const m = await app.createMerchant({ kycStatus: "approved" });
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 20_000 });
    const ci = { network: "mtn", country: "CI", mode: "test" };
    const before = {
      payin: await value("sika_transactions_created_total", { type: "payin", ...ci }),
      payout: await value("sika_transactions_created_total", { type: "payout", ...ci }),
      refund: await value("sika_transactions_created_total", { type: "refund", ...ci }),
      ok: await value("sika_transactions_finished_total", { type: "payin", ...ci, outcome: "successful" }),
      timed: await value("sika_transaction_time_to_outcome_seconds_count", { type: "payin", ...ci }),
      delivered: await value("sika_webhook_delivery_attempts_total", { outcome: "delivered" }),
    };
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const payin = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: { ...payinRequest({ amount: 1000 }), callback_url: hook } });
    expect(payin.status).toBe(200);
    // The same Idempotency-Key twice: one creation.
    const once = { method: "POST", key: m.testApiKey, json: payoutRequest({ amount: 1000 }), headers: { "Idempotency-Key": "metrics-once" } } as const;
    expect((await app.request("/api/v1/merchant/payout", once)).status).toBe(200);
    expect((await app.request("/api/v1/merchant/payout", once)).headers.get("idempotent-replayed")).toBe("true");
    const bulk = await app.request("/api/v1/merchant/payouts/bulk", { method: "POST", key: m.testApiKey, json: { payouts: [payoutRequest({ amount: 1000, order_id: "b1" }), payoutRequest({ amount: 1000, order_id: "b2" }), { amount: -1 }] } });
    expect(bulk.body.data).toMatchObject({ accepted: 2, rejected: 1 });
    await settle();
    const refund = await app.request(`/api/v1/merchant/transactions/${payin.body.data.transaction_id}/refund`, { method: "POST", key: m.testApiKey, json: { amount: 500 } });
    expect(refund.status).toBe(200);
    await runWorkerBatch(app.database.db);

    expect(await value("sika_transactions_created_total", { type: "payin", ...ci })).toBe(before.payin + 1);
    expect(await value("sika_transactions_created_total", { type: "payout", ...ci })).toBe(before.payout + 3);
    expect(await value("sika_transactions_created_total", { type: "refund", ...ci })).toBe(before.refund + 1);
    expect(await value("sika_transactions_finished_total", { type: "payin", ...ci, outcome: "successful" })).toBe(before.ok + 1);
    expect(await value("sika_transaction_time_to_outcome_seconds_count", { type: "payin", ...ci })).toBe(before.timed + 1);
    expect(await value("sika_webhook_delivery_attempts_total", { outcome: "delivered" })).toBeGreaterThanOrEqual(before.delivered + 1);
    expect(await value("sika_webhook_delivery_attempt_number_count", { outcome: "delivered" })).toBeGreaterThanOrEqual(1);
  });

  it("times operator calls by route, operation and outcome, and shows breakers per route", { timeout: 60_000 }, async () => {
    const m = await app.createMerchant({ kycStatus: "approved" });
    const route = { route: "daraja:safaricom:KE", operation: "submit", outcome: "ok" };
    const before = await value("sika_operator_call_duration_seconds_count", route);
    const live = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.liveApiKey, json: { amount: 100, metadata: { network: "mpesa", country_code: "KE", phone_number: fakePhone("KE", FAKE.ok) } } });
    expect(live.status).toBe(200);
    expect(await value("sika_operator_call_duration_seconds_count", route)).toBe(before + 1);
    expect(await value("sika_operator_call_duration_seconds_sum", route)).toBeGreaterThan(0);
    expect(await value("sika_breaker_state", { route: "daraja:safaricom:KE" })).toBe(0);

    for (let i = 0; i < 3; i++) recordFailure(healthKey("mtn-momo", "mtn", "UG"), new OperatorError("mtn-momo", "timeout", "timed out"), null);
    expect(await value("sika_breaker_state", { route: "mtn-momo:mtn:UG" })).toBe(2);
  });

  it("refreshes the database-wide gauges and the ledger check from the worker's observer", async () => {
    await runObserver(app.database.db, new Date(), true);
    const text = await registry.metrics();
    expect(text).toMatch(/^sika_ledger_invariant_ok 1$/m);
    expect(text).toMatch(/^sika_ledger_invariant_violations\{check="unbalanced_transfers"\} 0$/m);
    expect(text).toMatch(/^sika_webhook_backlog \d+$/m);
    expect(text).toMatch(/^sika_worker_lag_seconds\{job="lifecycle"\} [\d.e-]+$/m);
    expect(await value("sika_ledger_invariant_checked_timestamp_seconds")).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});
