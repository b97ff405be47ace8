import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { sandboxPhone } from "../helpers/sandbox-numbers";
import { statusWebhooks } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { auditLog, linkPayments, transactions } from "@/server/db/schema";
import { startLinkPayment } from "@/server/payment-links/pay-link";
import { startSessionPayment } from "@/server/payment-links/checkout-sessions";
import { finalizeHostedPayment, findHostedPayment } from "@/server/payment-links/hosted-pay";
import { hostedReceipt } from "@/server/payment-links/receipt";
import { forgetLimiters } from "@/server/rate-limit/store";

/**
 * Payment links and hosted checkout sessions (issue 21) through HTTP for the merchant's
 * API and through the public page's services (what its server actions call) on the
 * same database: each payment an ordinary payin, tagged, with its webhook and totals.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let other: M;
const ORIGIN = "https://pay.example.test";

beforeAll(async () => {
  app = await startTestApp();
  m = await app.createMerchant();
  other = await app.createMerchant();
});
afterAll(() => app.close());

const db = () => app.database.db;
const settle = async () => {
  while ((await runWorkerBatch(db())).lifecycle > 0);
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (path: string, json: unknown, key = m.testApiKey) => app.request(path, { method: "POST", key, json });
/** A merchant of its own with `n` links, their ids in creation order. */
async function createMerchantWithLinks(n: number) {
  const own = await app.createMerchant();
  const links: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post("/api/v1/merchant/payment-links", { title: `Link ${i}`, country_code: "CI", amount: 1000 }, own.testApiKey);
    links.push(res.body.data.id);
  }
  return { ...own, links };
}
const payer = (over: Record<string, unknown> = {}) => ({
  phone: sandboxPhone("CI"),
  network: "mtn",
  countryCode: "CI",
  attemptKey: crypto.randomUUID(),
  clientAddress: `10.0.0.${Math.floor(Math.random() * 250)}`,
  origin: ORIGIN,
  ...over,
});

describe("payment links over the API", () => {
  it("creates a fixed-amount link, reads and lists it, with the public URL", async () => {
    const res = await post("/api/v1/merchant/payment-links", { title: "School fees", description: "Term 2", country_code: "CI", amount: 1002, collect_fields: ["name", "reference"] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Payment link created");
    const link = res.body.data;
    expect(link).toMatchObject({ status: "active", title: "School fees", currency: "XOF", amount: 1000, min_amount: null, collect_fields: ["name", "reference"], payment_count: 0, total_collected: 0 });
    expect(link.id).toMatch(/^pl_[0-9A-Z]{26}$/);
    expect(link.url).toBe(`${app.baseUrl}/pay/${link.slug}`);
    const read = await app.request(`/api/v1/merchant/payment-links/${link.id}`, { key: m.testApiKey });
    expect(read.body.data).toEqual(link);
    const list = await app.request("/api/v1/merchant/payment-links?limit=1", { key: m.testApiKey });
    expect(list.body.data.data[0].id).toBe(link.id);
    // Another merchant, or the live key of the same merchant, does not see it.
    expect((await app.request(`/api/v1/merchant/payment-links/${link.id}`, { key: other.testApiKey })).status).toBe(404);
    expect((await app.request(`/api/v1/merchant/payment-links/${link.id}`, { key: m.liveApiKey })).body).toEqual({ status: "error", message: "Payment link not found", data: null });
  });

  it("pages the list with next_starting_after and refuses a starting_after that is not a link id", async () => {
    const own = await createMerchantWithLinks(3);
    const get = (query: string) => app.request(`/api/v1/merchant/payment-links?${query}`, { key: own.testApiKey });
    const first = await get("limit=2");
    expect(first.body.data).toMatchObject({ has_more: true, next_starting_after: first.body.data.data[1].id });
    const second = await get(`limit=2&starting_after=${first.body.data.next_starting_after}`);
    expect(second.body.data).toMatchObject({ has_more: false, next_starting_after: null });
    expect([...first.body.data.data, ...second.body.data.data].map((l: { id: string }) => l.id)).toEqual([...own.links].reverse());
    // A transaction list's cursor, a typo: 422 naming the field (was 200 with an empty page and has_more false).
    for (const wrong of ["pi_01JZ3KF2B6D8F0H2K4M6P8R0T2", "nonsense", "pl_01jz3kf2b6d8f0h2k4m6p8r0t2"]) {
      const res = await get(`starting_after=${wrong}`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ status: "error", message: "Validation failed", data: { starting_after: ["The starting_after field must be a payment link id (pl_…)."] } });
    }
  });

  it("refuses bad links with field errors, never a 500", async () => {
    const bad = async (json: unknown) => (await post("/api/v1/merchant/payment-links", json)).body;
    expect((await bad({ country_code: "CI", amount: 100 })).data.title).toEqual(["The title field is required."]);
    expect((await bad({ title: "x", country_code: "ZZ", amount: 100 })).data.country_code[0]).toMatch(/must be one of/);
    expect((await bad({ title: "x", country_code: "CI", amount: 10 })).data.amount[0]).toMatch(/between 500 and 1500000 XOF/);
    expect((await bad({ title: "x", country_code: "CI", amount: 500, min_amount: 100 })).data.amount[0]).toMatch(/left out/);
    expect((await bad({ title: "x", country_code: "CI", min_amount: 5000, max_amount: 1000 })).data.max_amount[0]).toMatch(/at least min_amount/);
    expect((await bad({ title: "x", country_code: "CI", expires_at: "2001-01-01T00:00:00Z" })).data.expires_at[0]).toMatch(/future/);
    // In year 10000 once in UTC: the database cannot store it (was a 500).
    expect((await bad({ title: "x", country_code: "CI", expires_at: "9999-12-31T23:59:59-05:00" })).data.expires_at).toEqual([
      "The expires_at field must be a time before the year 10000 (UTC).",
    ]);
    expect((await bad({ title: "x", country_code: "CD" })).data.currency[0]).toMatch(/required when country_code is CD/);
    const notJson = await app.request("/api/v1/merchant/payment-links", { method: "POST", key: m.testApiKey, body: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
  });
});

describe("paying a link", () => {
  it("makes an ordinary payin tagged with the link; the link totals it once successful", async () => {
    const link = (await post("/api/v1/merchant/payment-links", { title: "Donation", country_code: "CI", min_amount: 500, max_amount: 50000, collect_fields: ["name", "email"] })).body.data;
    // Required fields and bounds first, nothing created.
    await expect(startLinkPayment(db(), { ...payer(), slug: link.slug, amount: "1000" })).rejects.toMatchObject({ code: "validation_failed", data: { name: ["Enter your name."], email: ["Enter a valid email address."] } });
    await expect(startLinkPayment(db(), { ...payer(), slug: link.slug, amount: "100", payerName: "Awa", payerEmail: "awa@example.com" })).rejects.toMatchObject({ data: { amount: [expect.stringMatching(/between 500 and 50000 XOF/)] } });
    await expect(startLinkPayment(db(), { ...payer({ phone: "+22512" }), slug: link.slug, amount: "1000", payerName: "Awa", payerEmail: "awa@example.com" })).rejects.toMatchObject({ data: { phone: [expect.any(String)] } });

    const attemptKey = crypto.randomUUID();
    const started = await startLinkPayment(db(), { ...payer({ attemptKey }), slug: link.slug, amount: "2500", payerName: "Awa Koné", payerEmail: "awa@example.com" });
    expect(started).toMatchObject({ status: "pending", authMode: null, redirectUrl: null });
    // The same attempt again (a double tap): the same payin.
    const again = await startLinkPayment(db(), { ...payer({ attemptKey }), slug: link.slug, amount: "2500", payerName: "Awa Koné", payerEmail: "awa@example.com" });
    expect(again.transactionId).toBe(started.transactionId);

    const [t] = await db().select().from(transactions).where(eq(transactions.id, started.transactionId));
    expect(t).toMatchObject({ type: "payin", merchantId: m.merchantId, mode: "test", amount: 250_000n, fee: 3_800n, orderId: link.id, network: "mtn" });
    const [tag] = await db().select().from(linkPayments).where(eq(linkPayments.transactionId, t.id));
    expect(tag).toMatchObject({ paymentLinkId: link.id, payerName: "Awa Koné", payerEmail: "awa@example.com", checkoutSessionId: null });

    await wait(60);
    await settle();
    expect((await statusWebhooks(db(), t.id)).map((e) => e.status)).toEqual(["successful"]);
    const read = (await app.request(`/api/v1/merchant/payment-links/${link.id}`, { key: m.testApiKey })).body.data;
    expect(read).toMatchObject({ payment_count: 1, successful_count: 1, total_collected: 2500 });
    // The transaction is an ordinary one for the API too.
    expect((await app.request(`/api/v1/merchant/transactions/${t.id}`, { key: m.testApiKey })).body.data).toMatchObject({ status: "successful", amount: 2500 });
    expect((await findHostedPayment(db(), t.id))?.tag.paymentLinkId).toBe(link.id);
    // The payer's receipt: masked number, the link's title, no link id posing as a reference.
    expect(await hostedReceipt(db(), t.id)).toMatchObject({ status: "successful", title: "Donation", amount: "2500", fee: "38", total: "2538", maskedPhone: expect.stringMatching(/^\+22507•+1234$/), reference: null, linkSlug: link.slug, returnUrl: null });
    // A payin made through the API has no hosted receipt.
    const plain = await post("/api/v1/merchant/payin", { amount: 1000, metadata: { network: "mtn", phone_number: sandboxPhone("CI"), country_code: "CI" } });
    expect(await hostedReceipt(db(), plain.body.data.transaction_id)).toBeNull();
  });

  it("refuses a NUL in what the payer typed before any payin exists (the tag written after it failed)", async () => {
    const link = (await post("/api/v1/merchant/payment-links", { title: "Dues", country_code: "CI", amount: 1000, collect_fields: ["name", "email", "reference"] })).body.data;
    const typed = { payerName: "Awa", payerEmail: "awa@example.com", payerReference: "R-1" };
    const cases = [
      [{ payerName: "Awa\u0000" }, "name"],
      [{ payerEmail: "awa\u0000@example.com" }, "email"],
      [{ payerReference: "\u0000" }, "reference"],
    ] as const;
    for (const [over, field] of cases) {
      await expect(startLinkPayment(db(), { ...payer(), slug: link.slug, ...typed, ...over })).rejects.toMatchObject({ code: "validation_failed", data: { [field]: [`The ${field} field must not contain NUL characters.`] } });
    }
    const s = (await post("/api/v1/merchant/checkout-sessions", { amount: 1000, currency: "XOF", order_id: "o-nul", return_url: "https://shop.example/done" })).body.data;
    await expect(startSessionPayment(db(), { ...payer(), sessionId: s.id, payerName: "\u0000" })).rejects.toMatchObject({ code: "validation_failed", data: { name: [expect.any(String)] } });
    expect(await db().select().from(transactions).where(inArray(transactions.orderId, [link.id, "o-nul"]))).toEqual([]);
  });

  it("follows the network's flow: Orange's USSD instructions, a PIN network's finalize", async () => {
    const sn = (await post("/api/v1/merchant/payment-links", { title: "Orange", country_code: "SN", amount: 1000 })).body.data;
    const orange = await startLinkPayment(db(), { ...payer({ phone: sandboxPhone("SN"), network: "orange", countryCode: "SN" }), slug: sn.slug });
    expect(orange.authMode).toBe("confirm");
    expect(orange.instructions).toMatch(/#144#/);
    // The same step as data, for the page to word in the payer's language.
    expect(orange.approval).toEqual({ kind: "dial", code: "#144#391#", menu: [], network: "Orange Money", amount: "1000", currency: "XOF" });
    const gn = (await post("/api/v1/merchant/payment-links", { title: "Orange GN", country_code: "GN", amount: 10000 })).body.data;
    const menu = await startLinkPayment(db(), { ...payer({ phone: sandboxPhone("GN"), network: "orange", countryCode: "GN" }), slug: gn.slug });
    expect([menu.approval?.kind, menu.approval?.kind === "dial" && menu.approval.menu, menu.instructions]).toEqual(["dial", ["4", "2"], expect.stringContaining("option 4, then 2")]);
    const afri = (await post("/api/v1/merchant/payment-links", { title: "Afrimoney", country_code: "GM", amount: 100 })).body.data;
    const onPhone = await startLinkPayment(db(), { ...payer({ phone: sandboxPhone("GM"), network: "afrimoney", countryCode: "GM" }), slug: afri.slug });
    expect(onPhone.approval).toEqual({ kind: "approve_on_phone", phone: sandboxPhone("GM"), network: "Afrimoney", amount: "100", currency: "GMD" });
    const gm = (await post("/api/v1/merchant/payment-links", { title: "QMoney", country_code: "GM", amount: 100 })).body.data;
    const pin = await startLinkPayment(db(), { ...payer({ phone: sandboxPhone("GM"), network: "qmoney", countryCode: "GM" }), slug: gm.slug });
    expect([pin.authMode, pin.approval]).toEqual(["pin", null]);
    await expect(finalizeHostedPayment(db(), { transactionId: pin.transactionId, otp: "12" })).rejects.toMatchObject({ code: "validation_failed" });
    const done = await finalizeHostedPayment(db(), { transactionId: pin.transactionId, otp: "123456" });
    expect(done.transactionId).toBe(pin.transactionId);
  });

  it("a deactivated, expired or used-up link takes no payment and says which", async () => {
    const link = (await post("/api/v1/merchant/payment-links", { title: "Once", country_code: "CI", amount: 1000, max_payments: 1 })).body.data;
    await startLinkPayment(db(), { ...payer(), slug: link.slug });
    // The pending payment holds the only place.
    await expect(startLinkPayment(db(), { ...payer(), slug: link.slug })).rejects.toMatchObject({ state: "completed" });
    await wait(60);
    await settle();
    expect((await app.request(`/api/v1/merchant/payment-links/${link.id}`, { key: m.testApiKey })).body.data.status).toBe("completed");

    const other2 = (await post("/api/v1/merchant/payment-links", { title: "Stop", country_code: "CI", amount: 1000 })).body.data;
    const off = await post(`/api/v1/merchant/payment-links/${other2.id}/deactivate`, {});
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: "inactive", deactivated_at: expect.any(String) });
    expect((await post(`/api/v1/merchant/payment-links/${other2.id}/deactivate`, {})).status).toBe(200);
    await expect(startLinkPayment(db(), { ...payer(), slug: other2.slug })).rejects.toMatchObject({ state: "inactive", message: "Payment link is inactive" });
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, other2.id));
    expect(audits.map((a) => a.action)).toEqual(["payment_link.deactivated"]);

    const soon = (await post("/api/v1/merchant/payment-links", { title: "Soon", country_code: "CI", amount: 1000, expires_at: new Date(Date.now() + 300).toISOString() })).body.data;
    await wait(350);
    await expect(startLinkPayment(db(), { ...payer(), slug: soon.slug })).rejects.toMatchObject({ state: "expired" });
    await expect(startLinkPayment(db(), { ...payer(), slug: "nosuchlink1" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("limits attempts per client address (429 with Retry-After)", async () => {
    forgetLimiters();
    const link = (await post("/api/v1/merchant/payment-links", { title: "Busy", country_code: "CI", amount: 1000 })).body.data;
    const address = "203.0.113.7";
    for (let i = 0; i < 20; i++) await startLinkPayment(db(), { ...payer({ clientAddress: address, phone: sandboxPhone("CI", "pending") }), slug: link.slug });
    await expect(startLinkPayment(db(), { ...payer({ clientAddress: address }), slug: link.slug })).rejects.toMatchObject({ code: "rate_limited", headers: { "Retry-After": expect.any(String) } });
    // Another address still pays.
    await expect(startLinkPayment(db(), { ...payer({ clientAddress: "203.0.113.8" }), slug: link.slug })).resolves.toMatchObject({ status: "pending" });
  });
});

describe("hosted checkout sessions", () => {
  it("creates a session, the customer pays on our page, the session completes with the return URL", async () => {
    const res = await post("/api/v1/merchant/checkout-sessions", { amount: 15000, currency: "XOF", country_code: "SN", order_id: "order-42", return_url: "https://shop.example.sn/done?x=1", description: "2 T-shirts" });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.id).toMatch(/^cs_[0-9A-Z]{26}$/);
    expect(s).toMatchObject({ url: `${app.baseUrl}/pay/session/${s.id}`, status: "open", amount: 15000, currency: "XOF", transaction_id: null });
    expect(Date.parse(s.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);

    await expect(startSessionPayment(db(), { ...payer({ phone: sandboxPhone("CI"), countryCode: "CI" }), sessionId: s.id })).rejects.toMatchObject({ data: { country: [expect.any(String)] } });
    const paid = await startSessionPayment(db(), { ...payer({ phone: sandboxPhone("SN"), network: "free", countryCode: "SN" }), sessionId: s.id });
    await expect(startSessionPayment(db(), { ...payer({ phone: sandboxPhone("SN"), network: "free", countryCode: "SN" }), sessionId: s.id })).rejects.toMatchObject({ message: "A payment is already in progress" });
    await wait(60);
    await settle();
    const read = (await app.request(`/api/v1/merchant/checkout-sessions/${s.id}`, { key: m.testApiKey })).body.data;
    expect(read).toMatchObject({ status: "complete", transaction_id: paid.transactionId, payment_status: "successful", completed_at: expect.any(String) });
    expect((await hostedReceipt(db(), paid.transactionId))?.returnUrl).toBe(`https://shop.example.sn/done?x=1&session_id=${s.id}&status=complete`);
    const [t] = await db().select().from(transactions).where(eq(transactions.id, paid.transactionId));
    expect(t).toMatchObject({ orderId: "order-42", amount: 1_500_000n, countryCode: "SN" });
    await expect(startSessionPayment(db(), { ...payer({ phone: sandboxPhone("SN"), network: "free", countryCode: "SN" }), sessionId: s.id })).rejects.toMatchObject({ message: "Checkout session is complete" });
    expect((await app.request(`/api/v1/merchant/checkout-sessions/${s.id}`, { key: other.testApiKey })).status).toBe(404);
  });

  it("allows another attempt after a failed one, and validates the request", async () => {
    const s = (await post("/api/v1/merchant/checkout-sessions", { amount: 1000, currency: "XOF", order_id: "o-2", return_url: "https://shop.example/done" })).body.data;
    expect(s.country_code).toBeNull();
    const first = await startSessionPayment(db(), { ...payer({ phone: sandboxPhone("CI", "failed") }), sessionId: s.id });
    await wait(60);
    await settle();
    const second = await startSessionPayment(db(), { ...payer(), sessionId: s.id });
    expect(second.transactionId).not.toBe(first.transactionId);

    const bad = async (json: unknown) => (await post("/api/v1/merchant/checkout-sessions", json)).body;
    expect((await bad({ amount: 1000, currency: "XOF", order_id: "x", return_url: "not a url" })).data.return_url).toEqual(["The return_url field must be a valid URL."]);
    expect((await bad({ amount: 1000, currency: "XOF", return_url: "https://x.example" })).data.order_id).toEqual(["The order_id field is required."]);
    expect((await bad({ amount: 1000, order_id: "x", return_url: "https://x.example" })).data.currency[0]).toMatch(/required/);
    expect((await bad({ amount: 1, currency: "XOF", order_id: "x", return_url: "https://x.example" })).data.amount[0]).toMatch(/outside the limits/);
    const live = await post("/api/v1/merchant/checkout-sessions", { amount: 1000, currency: "XOF", order_id: "x", return_url: "http://x.example" }, m.liveApiKey);
    expect(live.body.data.return_url).toEqual(["The return_url field must be an https URL in live mode."]);
  });
});
