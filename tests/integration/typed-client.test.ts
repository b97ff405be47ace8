import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { sandboxPhone } from "../helpers/sandbox-numbers";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { openApiDocument } from "@/server/openapi/document";
import type { SikaClient, WebhookPayload } from "@/server/client";

/**
 * The typed client (generated from the OpenAPI document) driving real flows: if the
 * document drifts from the handlers, these calls stop compiling or their responses fail
 * the contract check that `app.client()` applies to every response.
 */
let app: TestApp;
let sika: SikaClient;
let merchantId: string;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp();
  const m = await app.createMerchant();
  merchantId = m.merchantId;
  sika = app.client(m.testApiKey!);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

describe("the typed client", () => {
  it("payin -> webhook -> status -> list, every step typed by the document", async () => {
    const created = await sika.POST("/api/v1/merchant/payin", {
      body: {
        amount: 1002.5,
        currency: "XOF",
        order_id: "typed-1",
        callback_url: receiver.url,
        metadata: { network: "mtn", phone_number: sandboxPhone("CI"), country_code: "CI" },
      },
      params: { header: { "Idempotency-Key": "typed-client-payin-1" } },
    });
    expect(created.error).toBeUndefined();
    const payin = created.data!.data;
    expect(payin).toMatchObject({ status: "pending", amount: 1005, currency: "XOF", order_id: "typed-1", auth_mode: null });
    expect(payin.charged_amount).toBe(payin.amount + payin.fee);

    const delivered = await waitFor(async () => {
      await runWorkerBatch(app.database.db);
      return receiver.received.some((r) => JSON.parse(r.raw.toString()).status === "successful");
    }, 10_000);
    expect(delivered).toBe(true);

    // The delivered webhook matches the document's `webhooks` entry: body schema and headers.
    const doc = openApiDocument();
    const hook = receiver.received.find((r) => JSON.parse(r.raw.toString()).status === "successful")!;
    const body = JSON.parse(hook.raw.toString()) as WebhookPayload;
    const ajv = new Ajv2020({ strict: false });
    const validPayload = ajv.compile(doc.components!.schemas!.WebhookPayload as object);
    expect(validPayload(body), ajv.errorsText(validPayload.errors)).toBe(true);
    const documentedHeaders = ((doc.webhooks!["transaction.status"] as { post: { parameters: { name: string }[] } }).post.parameters ?? []).map((p) => p.name.toLowerCase());
    expect(documentedHeaders.sort()).toEqual(["signature", "webhook-id", "webhook-signature", "webhook-timestamp"]);
    for (const h of documentedHeaders) expect(hook.headers[h], h).toBeTruthy();

    const status = await sika.GET("/api/v1/merchant/transactions/{id}", { params: { path: { id: payin.transaction_id } } });
    expect(status.data!.data).toMatchObject({ transaction_id: body.transaction_id, status: "successful", type: "cashin" });
    expect(status.data!.data.metadata.phone_number).toBe(sandboxPhone("CI"));

    const list = await sika.GET("/api/v1/merchant/transactions", { params: { query: { order_id: "typed-1", limit: "5" } } });
    expect(list.data!.data.map((t) => t.transaction_id)).toEqual([payin.transaction_id]);
    expect(list.data!.next_cursor).toBeNull();

    const byReference = await sika.GET("/api/v1/transactions/{reference}", { params: { path: { reference: "typed-1" } } });
    expect(byReference.data!.data).toMatchObject({ id: payin.transaction_id, status: "success", type: "credit", amount: "100500" });
  });

  it("payout with a fee quote first, and the balances it moves", async () => {
    await fund(app.database.db, { merchantId, currency: "KES", amount: 5000 });
    const quote = await sika.GET("/api/v1/merchant/fees", { params: { query: { type: "payout", country_code: "KE", amount: "1000" } } });
    expect(quote.data!.data).toMatchObject({ amount: 1000, currency: "KES" });

    const created = await sika.POST("/api/v1/merchant/payout", {
      body: {
        amount: 1000,
        currency: "KES",
        payment_method: "mobile_money",
        metadata: { network: "mpesa", phone_number: sandboxPhone("KE"), country_code: "KE", beneficiary: "Wanjiku Kamau" },
      },
    });
    expect(created.data!.data).toMatchObject({ fee: quote.data!.data.fee, charged_amount: quote.data!.data.charged_amount });
    expect(created.data!.data.metadata).toMatchObject({ network: "safaricom", beneficiary: "Wanjiku Kamau" });

    const balances = await sika.GET("/api/v1/merchant/balances");
    const kes = balances.data!.data.find((b) => b.currency === "KES")!;
    expect(kes.available_balance + kes.pending_balance).toBe(5000);
    expect(kes.pending_balance).toBe(quote.data!.data.charged_amount);
  });

  it("returns the documented error shapes as `error`", async () => {
    const invalid = await sika.POST("/api/v1/merchant/payin", {
      // @ts-expect-error -- metadata.phone_number is required by the document; sent without on purpose
      body: { amount: 10, metadata: { network: "mtn", country_code: "CI" } },
    });
    expect(invalid.response.status).toBe(422);
    expect(invalid.error).toMatchObject({ status: "error", message: "Validation failed", data: { "metadata.phone_number": ["The metadata.phone_number field is required."] } });

    const missing = await sika.POST("/api/v1/merchant/transactions/{id}/resend-webhook", { params: { path: { id: "pi_nope" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ status: "error", message: "Transaction not found", data: null });

    const anonymous = await app.client("sk_test_not-a-key").GET("/api/v1/networks", { params: { query: { country_code: "SN" } } });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toEqual({ status: "error", message: "Unauthenticated", data: null });
  });

  it("reads the catalog: networks and the countries paginator", async () => {
    const networks = await sika.GET("/api/v1/networks", { params: { query: { country_code: "GM" } } });
    expect(networks.data!.data[0].networks.map((n) => [n.network, n.authorization])).toEqual([
      ["afrimoney", "approve_on_phone"],
      ["qmoney", "pin"],
      ["wave", "redirect"],
      ["aps", "pin"],
    ]);
    const countries = await sika.GET("/api/v1/countries", { params: { query: { page: "2", limit: "3" } } });
    expect(countries.data!.meta).toMatchObject({ current_page: 2, per_page: 3, from: 4, to: 6 });
  });
});
