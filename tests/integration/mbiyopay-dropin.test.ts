import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";

/**
 * D17: the MbiyoPay paths work unchanged: GET /api/v1/transactions (Laravel paginator of
 * 2.5 items, newest first) beside GET /api/v1/transactions/{reference}, and the status
 * alias GET /api/v1/merchant/status/{id} answering exactly as 4.3.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let other: M;
const ids: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  m = await app.createMerchant();
  other = await app.createMerchant();
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
  for (let i = 0; i < 17; i++) {
    const json = i % 2 ? payoutRequest({ amount: 1000, order_id: `d17-${i}` }) : payinRequest({ amount: 1000, order_id: `d17-${i}` });
    const res = await app.request(`/api/v1/merchant/${i % 2 ? "payout" : "payin"}`, { method: "POST", key: m.testApiKey!, json });
    ids.push(res.body.data.transaction_id);
  }
});
afterAll(() => app.close());

describe("GET /api/v1/transactions", () => {
  it("pages the key's transactions newest first, 15 by default, in the 2.5 shape", async () => {
    const res = await app.request("/api/v1/transactions", { key: m.testApiKey });
    expect(res.status).toBe(200);
    expect(res.body.status).toBeUndefined();
    expect(res.body.data).toHaveLength(15);
    expect(res.body.data.map((t: { id: string }) => t.id)).toEqual([...ids].reverse().slice(0, 15));
    expect(res.body.data[0]).toMatchObject({ id: ids[16], type: "credit", human_readable_amount: 1000, amount: "100000", mode: "test" });
    expect(res.body.data[1]).toMatchObject({ id: ids[15], type: "debit" });
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 15, last_page: 2, per_page: 15, total: 17 });
    expect(res.body.meta.path).toBe(`${app.baseUrl}/api/v1/transactions`);
    expect(res.body.links).toMatchObject({ prev: null, next: `${app.baseUrl}/api/v1/transactions?page=2` });

    const page2 = await app.request("/api/v1/transactions?page=2", { key: m.testApiKey });
    expect(page2.body.data.map((t: { id: string }) => t.id)).toEqual([ids[1], ids[0]]);
    expect(page2.body.meta).toMatchObject({ current_page: 2, from: 16, to: 17 });

    const small = await app.request("/api/v1/transactions?page=3&limit=5", { key: m.testApiKey });
    expect(small.body.data.map((t: { id: string }) => t.id)).toEqual([ids[6], ids[5], ids[4], ids[3], ids[2]]);
    expect(small.body.links.next).toBe(`${app.baseUrl}/api/v1/transactions?limit=5&page=4`);
    const past = await app.request("/api/v1/transactions?page=9", { key: m.testApiKey });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ from: null, to: null, total: 17 });
  });

  it("422 for a bad page or limit", async () => {
    for (const q of ["page=0", "page=x", "limit=0", "limit=101", "limit=abc"]) {
      const res = await app.request(`/api/v1/transactions?${q}`, { key: m.testApiKey });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
    }
  });

  it("is scoped by merchant and mode, and /api/v1/transactions/{reference} still answers beside it", async () => {
    expect((await app.request("/api/v1/transactions", { key: other.testApiKey })).body.meta.total).toBe(0);
    expect((await app.request("/api/v1/transactions", { key: m.liveApiKey })).body.data).toEqual([]);
    const byRef = await app.request(`/api/v1/transactions/${ids[0]}`, { key: m.testApiKey });
    expect(byRef.status).toBe(200);
    expect(byRef.body.data.id).toBe(ids[0]);
    expect((await app.request("/api/v1/transactions", { key: null })).status).toBe(401);
  });
});

describe("GET /api/v1/merchant/status/{id}", () => {
  it("answers exactly as GET /api/v1/merchant/transactions/{id}", async () => {
    for (const id of [ids[0], ids[1]]) {
      const alias = await app.request(`/api/v1/merchant/status/${id}`, { key: m.testApiKey });
      const canonical = await app.request(`/api/v1/merchant/transactions/${id}`, { key: m.testApiKey });
      expect(alias.status).toBe(200);
      expect(alias.body).toEqual(canonical.body);
    }
  });

  it("404 for an unknown id, another merchant's and the other mode's", async () => {
    for (const [id, key] of [["pi_nope", m.testApiKey!], [ids[0], other.testApiKey!], [ids[0], m.liveApiKey!]]) {
      const res = await app.request(`/api/v1/merchant/status/${id}`, { key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
    }
  });
});
