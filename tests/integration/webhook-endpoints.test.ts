import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { claimDueEvents } from "@/server/webhooks/claim";
import { auditLog } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/** Issue 23, parts 3 and 4: several webhook endpoints with event filters, and the events API. */
let app: TestApp;
const receivers: Receiver[] = [];
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

type Merchant = Awaited<ReturnType<TestApp["createMerchant"]>>;
const create = (m: Merchant, json: unknown) => app.request("/api/v1/merchant/webhook-endpoints", { method: "POST", key: m.testApiKey, json });
const bodies = (r: Receiver) => r.received.map((x) => JSON.parse(x.raw.toString()) as { transaction_id: string; status: string });

async function paidPayin(m: Merchant, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest(extra) });
  expect(res.status).toBe(200);
  const id = res.body.data.transaction_id as string;
  await waitFor(async () => {
    await runWorkerBatch(app.database.db);
    return (await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.testApiKey })).body.data.status === "successful";
  }, 10_000);
  // The fan-out rows are due at once: one more batch delivers them.
  for (let i = 0; i < 3; i++) await runWorkerBatch(app.database.db);
  return id;
}

describe("the single webhook URL becomes the first endpoint", () => {
  it("lists it as the default endpoint, all events, signing with the mode's secret", async () => {
    const m = await app.createMerchant({ webhookUrl: { test: "http://127.0.0.1:9/legacy", live: null } });
    const res = await app.request("/api/v1/merchant/webhook-endpoints", { key: m.testApiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ url: "http://127.0.0.1:9/legacy", is_default: true, event_types: ["*"], enabled: true, secret_shared_with_mode: true });
    expect((await app.request("/api/v1/merchant/webhook-endpoints", { key: m.liveApiKey })).body.data).toEqual([]);
  });
});

describe("/api/v1/merchant/webhook-endpoints", () => {
  it("creates, reads, updates and deletes, with its own whsec_ secret; at most 10 per mode", async () => {
    const m = await app.createMerchant();
    const made = await create(m, { url: "http://127.0.0.1:9/a", description: "Orders", event_types: ["transaction.payin.*", "refund", "refund.failed"] });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ url: "http://127.0.0.1:9/a", description: "Orders", event_types: ["transaction.payin", "refund", "refund.failed"], is_default: false, secret_shared_with_mode: false });
    expect(made.body.data.secret).toMatch(/^whsec_/);
    const id = made.body.data.id;
    const read = await app.request(`/api/v1/merchant/webhook-endpoints/${id}`, { key: m.testApiKey });
    expect(read.body.data).not.toHaveProperty("secret");
    expect(read.body.data.stats).toEqual({ attempts: 0, succeeded: 0, success_rate: null, last_attempt_at: null });
    const patched = await app.request(`/api/v1/merchant/webhook-endpoints/${id}`, { method: "PATCH", key: m.testApiKey, json: { enabled: false, event_types: ["settlement"] } });
    expect(patched.body.data).toMatchObject({ enabled: false, event_types: ["settlement"], description: "Orders" });
    for (let i = 1; i < 10; i++) expect((await create(m, { url: `http://127.0.0.1:9/n${i}` })).status).toBe(200);
    const eleventh = await create(m, { url: "http://127.0.0.1:9/n11" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toMatch(/at most 10/);
    expect((await app.request(`/api/v1/merchant/webhook-endpoints/${id}`, { method: "DELETE", key: m.testApiKey })).body.data).toEqual({ id, deleted: true });
    expect((await app.request(`/api/v1/merchant/webhook-endpoints/${id}`, { key: m.testApiKey })).status).toBe(404);
  });

  it("validates event types and URLs, and keeps merchants and modes apart", async () => {
    const m = await app.createMerchant();
    const bad = await create(m, { url: "http://127.0.0.1:9/a", event_types: ["transaction.done"] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data)).toEqual(["event_types"]);
    expect((await create(m, { url: "ftp://example.com/x" })).status).toBe(422);
    expect((await create(m, { url: "http://127.0.0.1:9/a", event_types: [] })).status).toBe(422);
    // A misspelt setting is refused, not dropped for the default "every event" (docs/payments.md, Validation).
    expect((await create(m, { url: "http://127.0.0.1:9/a", event_type: ["refund"] })).body).toEqual({ status: "error", message: "Validation failed", data: { body: ["Unknown fields: event_type (did you mean event_types?)."] } });
    const live = await app.request("/api/v1/merchant/webhook-endpoints", { method: "POST", key: m.liveApiKey, json: { url: "http://127.0.0.1:9/a" } });
    expect(live.status).toBe(422);
    const mine = (await create(m, { url: "http://127.0.0.1:9/a" })).body.data.id;
    const other = await app.createMerchant();
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["POST", "/rotate-secret"], ["GET", "/attempts"]]) {
      const res = await app.request(`/api/v1/merchant/webhook-endpoints/${mine}${path}`, { method, key: other.testApiKey, ...(method === "PATCH" ? { json: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await app.request(`/api/v1/merchant/webhook-endpoints/${mine}${path}`, { method, key: m.liveApiKey, ...(method === "PATCH" ? { json: {} } : {}) })).status).toBe(404);
    }
  });
});

describe("delivery to several endpoints", () => {
  let m: Merchant;
  let byDefault: Receiver, payins: Receiver, payouts: Receiver, disabled: Receiver, callback: Receiver;
  let payinsEndpoint: { id: string; secret: string };

  beforeAll(async () => {
    [byDefault, payins, payouts, disabled, callback] = await Promise.all([receiver(), receiver(), receiver(), receiver(), receiver()]);
    m = await app.createMerchant({ webhookUrl: { test: byDefault.url, live: null } });
    payinsEndpoint = (await create(m, { url: payins.url, event_types: ["transaction.payin"] })).body.data;
    await create(m, { url: payouts.url, event_types: ["transaction.payout.successful", "refund"] });
    await create(m, { url: disabled.url, enabled: false });
  });

  it("sends each event to the default endpoint and to every enabled endpoint that subscribes, each signed with its own secret", async () => {
    const id = await paidPayin(m);
    expect(bodies(byDefault).map((b) => [b.transaction_id, b.status])).toEqual([[id, "successful"]]);
    expect(bodies(payins).map((b) => [b.transaction_id, b.status])).toEqual([[id, "successful"]]);
    expect(payouts.received).toEqual([]);
    expect(disabled.received).toEqual([]);
    const [atDefault] = byDefault.received;
    const [atPayins] = payins.received;
    // One event, one Webhook-Id everywhere; each endpoint's own signature.
    expect(atPayins.headers["webhook-id"]).toBe(atDefault.headers["webhook-id"]);
    expect(verifySignature(atDefault.raw, String(atDefault.headers["signature"]), m.webhookSecret)).toBe(true);
    expect(verifySignature(atPayins.raw, String(atPayins.headers["signature"]), payinsEndpoint.secret)).toBe(true);
    expect(verifySignature(atPayins.raw, String(atPayins.headers["signature"]), m.webhookSecret)).toBe(false);
    expect(verifyWebhookSignature(atPayins.raw, atPayins.headers as Record<string, string>, payinsEndpoint.secret)).toBe(true);
  });

  it("a payin's own callback_url gets its events instead of the default endpoint; the other endpoints still do", async () => {
    const before = { byDefault: byDefault.received.length, payins: payins.received.length };
    const id = await paidPayin(m, { callback_url: callback.url });
    expect(bodies(callback).map((b) => b.transaction_id)).toEqual([id]);
    expect(verifySignature(callback.received[0].raw, String(callback.received[0].headers["signature"]), m.webhookSecret)).toBe(true);
    expect(byDefault.received.length).toBe(before.byDefault);
    expect(bodies(payins).slice(before.payins).map((b) => b.transaction_id)).toEqual([id]);
  });

  it("shows which endpoint got what: the events API, each endpoint's attempts and success rate", async () => {
    const events = await app.request("/api/v1/merchant/events?type=transaction.payin", { key: m.testApiKey });
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["transaction.payin.successful", "transaction.payin.successful"]);
    expect((await app.request("/api/v1/merchant/events?type=transaction.payout", { key: m.testApiKey })).body.data).toEqual([]);
    const [latest, first] = events.body.data;
    expect(latest.data).toMatchObject({ transaction_id: latest.transaction_id, status: "successful", type: "cashin" });
    const byTransaction = await app.request(`/api/v1/merchant/events?transaction_id=${first.transaction_id}`, { key: m.testApiKey });
    expect(byTransaction.body.data.map((e: { id: string }) => e.id)).toEqual([first.id]);
    const detail = await app.request(`/api/v1/merchant/events/${first.id}`, { key: m.testApiKey });
    expect(detail.body.data.deliveries.map((d: { endpoint_id: string | null; state: string }) => [d.endpoint_id, d.state])).toEqual([
      [null, "delivered"],
      [payinsEndpoint.id, "delivered"],
    ]);
    const attempts = await app.request(`/api/v1/merchant/webhook-endpoints/${payinsEndpoint.id}/attempts`, { key: m.testApiKey });
    expect(attempts.body.data).toHaveLength(2);
    expect(attempts.body.data[1]).toMatchObject({ event_id: first.id, status_code: 200, url: payins.url });
    const listed = (await app.request("/api/v1/merchant/webhook-endpoints", { key: m.testApiKey })).body.data;
    const stats = Object.fromEntries(listed.map((e: { url: string; stats: unknown }) => [e.url, e.stats]));
    expect(stats[payins.url]).toMatchObject({ attempts: 2, succeeded: 2, success_rate: 1 });
    expect(stats[byDefault.url]).toMatchObject({ attempts: 1, succeeded: 1, success_rate: 1 });
    expect(stats[disabled.url]).toMatchObject({ attempts: 0, success_rate: null });
  });

  it("redelivers an event to one endpoint, or to every target that takes it, with the same body and Webhook-Id", async () => {
    const [, first] = (await app.request("/api/v1/merchant/events", { key: m.testApiKey })).body.data;
    const before = { byDefault: byDefault.received.length, payins: payins.received.length };
    const one = await app.request(`/api/v1/merchant/events/${first.id}/redeliver`, { method: "POST", key: m.testApiKey, json: { endpoint_id: payinsEndpoint.id } });
    expect(one.status).toBe(200);
    expect(one.body.data.deliveries).toHaveLength(1);
    expect(await waitFor(() => payins.received.length === before.payins + 1)).toBe(true);
    const again = payins.received.at(-1)!;
    expect(again.headers["webhook-id"]).toBe(first.id);
    expect(JSON.parse(again.raw.toString())).toEqual(first.data);
    const all = await app.request(`/api/v1/merchant/events/${first.id}/redeliver`, { method: "POST", key: m.testApiKey, json: {} });
    expect(all.body.data.deliveries.map((d: { endpoint_id: string | null }) => d.endpoint_id)).toEqual([null, payinsEndpoint.id]);
    expect(await waitFor(() => byDefault.received.length === before.byDefault + 1 && payins.received.length === before.payins + 2)).toBe(true);
    const detail = await app.request(`/api/v1/merchant/events/${first.id}`, { key: m.testApiKey });
    expect(detail.body.data.deliveries.filter((d: { redelivery: boolean }) => d.redelivery)).toHaveLength(3);
    const disabledId = (await app.request("/api/v1/merchant/webhook-endpoints", { key: m.testApiKey })).body.data.find((e: { enabled: boolean }) => !e.enabled).id;
    expect((await app.request(`/api/v1/merchant/events/${first.id}/redeliver`, { method: "POST", key: m.testApiKey, json: { endpoint_id: disabledId } })).status).toBe(409);
    expect((await app.request(`/api/v1/merchant/events/${first.id}/redeliver`, { method: "POST", key: m.testApiKey, json: { endpoint_id: "we_nope" } })).status).toBe(404);
    const other = await app.createMerchant();
    expect((await app.request(`/api/v1/merchant/events/${first.id}`, { key: other.testApiKey })).status).toBe(404);
    expect((await app.request(`/api/v1/merchant/events/${first.id}/redeliver`, { method: "POST", key: other.testApiKey, json: {} })).status).toBe(404);
  });

  it("rotates an endpoint's secret: the new one signs, the old one still verifies Webhook-Signature for 24 h", async () => {
    const rotated = await app.request(`/api/v1/merchant/webhook-endpoints/${payinsEndpoint.id}/rotate-secret`, { method: "POST", key: m.testApiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(payinsEndpoint.secret);
    expect(Date.parse(rotated.body.data.previous_secret_expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const before = payins.received.length;
    await paidPayin(m);
    const got = payins.received.slice(before).at(-1)!;
    expect(verifySignature(got.raw, String(got.headers["signature"]), rotated.body.data.secret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, got.headers as Record<string, string>, payinsEndpoint.secret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, got.headers as Record<string, string>, rotated.body.data.secret)).toBe(true);
  });

  it("routes settlement events (issue 21's outbox type) to the endpoints that subscribe to settlement", async () => {
    const settlements = await receiver();
    await create(m, { url: settlements.url, event_types: ["settlement"] });
    const before = { payins: payins.received.length, byDefault: byDefault.received.length };
    const id = newId("webhookEvent");
    await app.database.db.execute(sql`
      insert into webhook_events (id, merchant_id, mode, kind, status, body, state, next_attempt_at, type)
      values (${id}, ${m.merchantId}, 'test', 'status_change', 'paid', '{"settlement_id":"set_1","status":"paid"}', 'pending', now(), 'settlement.paid')`);
    for (let i = 0; i < 3; i++) await runWorkerBatch(app.database.db);
    expect(settlements.received.map((r) => JSON.parse(r.raw.toString()))).toEqual([{ settlement_id: "set_1", status: "paid" }]);
    expect(payins.received.length).toBe(before.payins);
    // The default endpoint takes everything (`*`), settlements too.
    expect(byDefault.received.length).toBe(before.byDefault + 1);
    const listed = await app.request("/api/v1/merchant/events?type=settlement", { key: m.testApiKey });
    expect(listed.body.data.map((e: { id: string; type: string }) => [e.id, e.type])).toEqual([[id, "settlement.paid"]]);
  });
});

describe("the migration of today's single webhook URL (drizzle/*_integrators_default_endpoint_sql.sql)", () => {
  it("makes it the default endpoint, attributing its past attempts, and delivery keeps the mode's secret", async () => {
    const fs = await import("node:fs");
    const hook = await receiver();
    const m = await app.createMerchant();
    const db = app.database.db;
    // The state before issue 23: the URL in webhook_settings, an attempt to it, no endpoint.
    const eventId = newId("webhookEvent");
    await db.execute(sql`update webhook_settings set url = ${hook.url} where merchant_id = ${m.merchantId} and mode = 'test'`);
    await db.execute(sql`insert into webhook_events (id, merchant_id, mode, kind, status, body, state, fanned_out) values (${eventId}, ${m.merchantId}, 'test', 'test', 'successful', '{}', 'delivered', false)`);
    await db.execute(sql`insert into webhook_attempts (id, event_id, merchant_id, url, status_code, duration_ms) values (${newId("webhookAttempt")}, ${eventId}, ${m.merchantId}, ${hook.url}, 200, 5)`);
    const file = fs.readdirSync("drizzle").find((f) => f.endsWith("_integrators_default_endpoint_sql.sql"))!;
    const migration = fs.readFileSync(`drizzle/${file}`, "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const [endpoint] = (await app.request("/api/v1/merchant/webhook-endpoints", { key: m.testApiKey })).body.data;
    expect(endpoint).toMatchObject({ url: hook.url, is_default: true, event_types: ["*"], secret_shared_with_mode: true, stats: { attempts: 1, succeeded: 1, success_rate: 1 } });
    const id = await paidPayin(m);
    const got = hook.received.find((r) => JSON.parse(r.raw.toString()).transaction_id === id)!;
    expect(verifySignature(got.raw, String(got.headers["signature"]), m.webhookSecret)).toBe(true);
  });
});

describe("fan-out", () => {
  it("fans a status change out once, in the statement that claims it, even when its lease runs out and it is claimed again", async () => {
    const mm = await app.createMerchant({ webhookUrl: { test: (await receiver()).url, live: null } });
    expect((await create(mm, { url: (await receiver()).url, event_types: ["transaction.payin"] })).status).toBe(200);
    await create(mm, { url: (await receiver()).url, event_types: ["transaction.payout"] });
    const eventId = newId("webhookEvent");
    await app.database.db.execute(sql`insert into webhook_events (id, merchant_id, mode, kind, status, body, state, next_attempt_at, type)
      values (${eventId}, ${mm.merchantId}, 'test', 'status_change', 'successful', '{}', 'pending', now(), 'transaction.payin.successful')`);
    const fanRows = async () => (await app.database.db.execute(sql`select endpoint_id from webhook_events where parent_id = ${eventId}`)) as unknown as unknown[] | { rows: unknown[] };
    const count = async () => { const r = await fanRows(); return (Array.isArray(r) ? r : r.rows).length; };
    // A lease of 1 ms: the worker "died", the event is due again at once.
    const first = (await claimDueEvents(app.database.db, { limit: 500, leaseMs: 1 })).find((e) => e.id === eventId);
    expect(first?.attemptCount).toBe(0);
    expect(await count()).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    const again = (await claimDueEvents(app.database.db, { limit: 500, leaseMs: 60_000 })).find((e) => e.id === eventId);
    expect(again?.attemptCount).toBe(0);
    // Still the one row, for the payin endpoint (the payout endpoint takes nothing).
    expect(await count()).toBe(1);
    // Out of the way of other tests' deliveries.
    await app.database.db.execute(sql`update webhook_events set state = 'skipped', next_attempt_at = null where parent_id = ${eventId} or id = ${eventId}`);
  });
});

describe("audit (issue 22)", () => {
  it("records who created, changed, rotated and deleted an endpoint through the API, with both sides and never a secret", async () => {
    const mm = await app.createMerchant();
    const url = (await receiver()).url;
    const made = await create(mm, { url: `${url}?token=abc`, description: "orders", event_types: ["transaction.payin"] });
    expect(made.status).toBe(200);
    const id = made.body.data.id as string;
    const path = `/api/v1/merchant/webhook-endpoints/${id}`;
    expect((await app.request(path, { method: "PATCH", key: mm.testApiKey, json: { enabled: false } })).status).toBe(200);
    // Nothing changed, nothing recorded.
    expect((await app.request(path, { method: "PATCH", key: mm.testApiKey, json: { enabled: false } })).status).toBe(200);
    expect((await app.request(`${path}/rotate-secret`, { method: "POST", key: mm.testApiKey })).status).toBe(200);
    expect((await app.request(path, { method: "DELETE", key: mm.testApiKey })).status).toBe(200);
    expect((await app.request(path, { method: "DELETE", key: mm.testApiKey })).status).toBe(404);
    const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.merchantId, mm.merchantId)).orderBy(asc(auditLog.id));
    const mine = rows.filter((r) => r.action.startsWith("webhook_endpoint."));
    expect(mine.map((r) => r.action)).toEqual(["webhook_endpoint.created", "webhook_endpoint.updated", "webhook_endpoint.secret_rotated", "webhook_endpoint.deleted"]);
    for (const r of mine) expect(r).toMatchObject({ actorType: "api_key", mode: "test", targetType: "webhook_endpoint", targetId: id });
    expect(mine[1].before).toMatchObject({ enabled: true, event_types: ["transaction.payin"] });
    expect(mine[1].after).toMatchObject({ enabled: false });
    const text = JSON.stringify(mine);
    expect(text).not.toContain("whsec_");
    expect(text).not.toContain(made.body.data.secret);
  });
});
