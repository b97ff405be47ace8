import http from "node:http";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trace } from "@opentelemetry/api";
import { createLogger } from "@/server/logger";
import { startTracing, stopTracing, tracingEnabled, withSpan } from "@/server/observability/tracing";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { createDarajaFake } from "../fakes/daraja/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { FAKE, fakePhone, railsEnv, setEnv, settle } from "../helpers/live";
import { payinRequest } from "../helpers/payments";

/**
 * Traces (issue 25): with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver this
 * test starts, the real app exports a span per request (route template, transaction id),
 * per operator call (the Daraja fake), per webhook delivery and per database group, all in
 * one trace where they belong; log lines written inside a span carry its trace id.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; arrayValue?: unknown } }>;
}
const received: OtlpSpan[] = [];
let receiver: http.Server;
let app: TestApp;
let daraja: ReturnType<typeof createDarajaFake>;
let webhookReceiver: http.Server;
let undoEnv: () => void;

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue ?? v?.boolValue;
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.headers["content-type"]?.includes("json")) {
        const doc = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
        for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  webhookReceiver = http.createServer((_req, res) => res.writeHead(200).end("ok"));
  await new Promise<void>((r) => webhookReceiver.listen(0, "127.0.0.1", r));
  app = await startTestApp();
  daraja = await createDarajaFake({ outcomeDelayMs: 100 }).start();
  const c = daraja.config;
  undoEnv = setEnv({
    ...railsEnv(app),
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
    MPESA_BASE_URL: daraja.baseUrl,
    MPESA_CONSUMER_KEY: c.consumerKey,
    MPESA_CONSUMER_SECRET: c.consumerSecret,
    MPESA_SHORTCODE: c.shortcode,
    MPESA_PASSKEY: c.passkey,
  });
  expect(await startTracing()).toBe(true);
}, 120_000);

afterAll(async () => {
  await stopTracing();
  undoEnv?.();
  await daraja?.close();
  await app?.close();
  receiver?.close();
  webhookReceiver?.close();
});

describe("OTLP traces", () => {
  it("exports request, operator call, webhook delivery and database group spans with the transaction id", { timeout: 60_000 }, async () => {
    const merchant = await app.createMerchant({ kycStatus: "approved" });
    const hook = `http://127.0.0.1:${(webhookReceiver.address() as AddressInfo).port}/hook`;
    // Live: the STK push goes to the Daraja fake inside the request.
    const live = await app.request("/api/v1/merchant/payin", {
      method: "POST",
      key: merchant.liveApiKey,
      json: { amount: 100, metadata: { network: "mpesa", country_code: "KE", phone_number: fakePhone("KE", FAKE.ok) } },
    });
    expect(live.status).toBe(200);
    const liveId = live.body.data.transaction_id as string;
    // Test mode: the sandbox settles it, the worker delivers its webhook.
    const sandbox = await app.request("/api/v1/merchant/payin", { method: "POST", key: merchant.testApiKey, json: { ...payinRequest({ country: "CI", network: "mtn" }), callback_url: hook } });
    expect(sandbox.status).toBe(200);
    await settle(app, sandbox.body.data.transaction_id, { worker: true });
    await runWorkerBatch(app.database.db);
    await stopTracing(); // flushes the batch processor
    expect(tracingEnabled()).toBe(false);

    const request = received.find((s) => s.name === "POST /api/v1/merchant/payin" && attr(s, "sika.transaction_id") === liveId);
    expect(request, JSON.stringify(received.map((s) => s.name))).toBeTruthy();
    expect(attr(request!, "http.route")).toBe("/api/v1/merchant/payin");
    expect(attr(request!, "http.response.status_code")).toBe(200);

    const submit = received.find((s) => s.name === "operator submit" && attr(s, "sika.transaction_id") === liveId);
    expect(submit).toBeTruthy();
    expect(attr(submit!, "sika.route")).toBe("daraja:safaricom:KE");
    // Inside the request: the same trace, a descendant of the request span.
    expect(submit!.traceId).toBe(request!.traceId);

    const delivery = received.find((s) => s.name === "webhook delivery" && attr(s, "sika.transaction_id") === sandbox.body.data.transaction_id);
    expect(delivery).toBeTruthy();
    expect(attr(delivery!, "http.response.status_code")).toBe(200);

    expect(received.some((s) => s.name === "db lifecycle group")).toBe(true);
  });

  it("continues the caller's trace from a W3C traceparent header", { timeout: 30_000 }, async () => {
    await startTracing();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    const res = await fetch(`${app.baseUrl}/api/v1/status`, { headers: { traceparent: `00-${traceId}-${parent}-01` } });
    expect(res.status).toBe(200);
    await stopTracing();
    const span = received.find((s) => s.name === "GET /api/v1/status" && s.traceId === traceId);
    expect(span, JSON.stringify(received.filter((s) => s.name.includes("status")).map((s) => [s.name, s.traceId]))).toBeTruthy();
    expect(span!.parentSpanId).toBe(parent);
  });

  it("puts the active span's trace id in log lines", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT ??= "http://127.0.0.1:1";
    await startTracing();
    const log = createLogger(sink as never, "info");
    let traceId = "";
    await withSpan("logging", {}, async () => {
      traceId = trace.getActiveSpan()!.spanContext().traceId;
      log.info({ what: "inside" }, "a line inside a span");
    });
    log.info("a line outside");
    await stopTracing();
    const [inside, outside] = lines.map((l) => JSON.parse(l));
    expect(inside.trace_id).toBe(traceId);
    expect(inside.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(outside.trace_id).toBeUndefined();
  });
});
