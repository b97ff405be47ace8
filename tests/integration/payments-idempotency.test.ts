import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest, walletOf } from "../helpers/payments";
import { idempotencyKeys, transactions } from "@/server/db/schema";

/** D12 Idempotency-Key on payin and payout. */
let app: TestApp;
let key: string;
let merchantId: string;

beforeAll(async () => {
  app = await startTestApp();
  const m = await app.createMerchant();
  key = m.testApiKey!;
  merchantId = m.merchantId;
  await fund(app.database.db, { merchantId, currency: "XOF", amount: 100_000 });
});
afterAll(() => app.close());

const send = (kind: "payin" | "payout", json: unknown, idem?: string, k = key) =>
  app.request(`/api/v1/merchant/${kind}`, { method: "POST", key: k, json, headers: idem ? { "idempotency-key": idem } : {} });
const count = async () => (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, merchantId)))[0].n;

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, creating nothing more", async () => {
    const body = payoutRequest({ amount: 1000, order_id: "idem-1" });
    const first = await send("payout", body, "key-payout-1");
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const before = await count();
    const wallet = await walletOf(app.database.db, { merchantId, currency: "XOF" });

    // Same body with other key order and spacing is the same request.
    const reordered = { metadata: { ...body.metadata }, payment_method: body.payment_method, currency: body.currency, amount: body.amount, order_id: "idem-1" };
    const second = await send("payout", reordered, "key-payout-1");
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await count()).toBe(before);
    expect(await walletOf(app.database.db, { merchantId, currency: "XOF" })).toEqual(wallet);
  });

  it("answers 409 when the key comes back with another body", async () => {
    await send("payin", payinRequest({ amount: 1000 }), "key-payin-1");
    const res = await send("payin", payinRequest({ amount: 1005 }), "key-payin-1");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: "error", message: "Idempotency key reused with different parameters", data: null });
  });

  it("checks the key after validation and before limits (D5)", async () => {
    await send("payin", payinRequest({ amount: 1000 }), "key-order");
    expect((await send("payin", { amount: 1000 }, "key-order")).status).toBe(422);
    expect((await send("payin", payinRequest({ amount: 10 }), "key-order")).status).toBe(409);
  });

  it("keeps one key space per endpoint, per mode and per merchant", async () => {
    const a = await send("payin", payinRequest({ amount: 1000 }), "shared-key");
    const b = await send("payout", payoutRequest({ amount: 1000 }), "shared-key");
    expect(b.status).toBe(200);
    expect(b.body.data.transaction_id).not.toBe(a.body.data.transaction_id);
    const other = await app.createMerchant();
    const c = await send("payin", payinRequest({ amount: 1000 }), "shared-key", other.testApiKey!);
    expect(c.status).toBe(200);
    expect(c.body.data.transaction_id).not.toBe(a.body.data.transaction_id);
  });

  it("records nothing for a refused request, so the same key works once the cause is fixed", async () => {
    const m = await app.createMerchant();
    const body = payoutRequest({ amount: 1000 });
    const refused = await send("payout", body, "retry-me", m.testApiKey!);
    expect(refused.status).toBe(400);
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 1010 });
    const ok = await send("payout", body, "retry-me", m.testApiKey!);
    expect(ok.status).toBe(200);
  });

  it("forgets keys after 24 hours", async () => {
    const first = await send("payin", payinRequest({ amount: 1000 }), "old-key");
    await app.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, "old-key")));
    const again = await send("payin", payinRequest({ amount: 1005 }), "old-key");
    expect(again.status).toBe(200);
    expect(again.body.data.transaction_id).not.toBe(first.body.data.transaction_id);
  });

  it("refuses a malformed key", async () => {
    // Too long, and a space inside: the message names both rules (it said "printable", which a space is).
    for (const key of ["x".repeat(256), "order 42"]) {
      const res = await send("payin", payinRequest(), key);
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ "Idempotency-Key": ["The Idempotency-Key header must be 1 to 255 visible ASCII characters, without spaces."] });
    }
  });

  it("creates once when duplicates arrive at the same time", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const body = payoutRequest({ amount: 1000 });
    const results = await Promise.all(Array.from({ length: 8 }, () => send("payout", body, "race-key", m.testApiKey!)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.transaction_id)).size).toBe(1);
    const rows = await app.database.db.select().from(transactions).where(eq(transactions.merchantId, m.merchantId));
    expect(rows).toHaveLength(1);
    expect(await walletOf(app.database.db, { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: 899_000n, inFlight: 101_000n });
  });
});
