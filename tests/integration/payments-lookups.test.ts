import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { transactions } from "@/server/db/schema";
import { getTransactionLedgerEntries, getTransactionTimeline } from "@/server/payments/get-transaction";

/** 2.3 status, 2.5 by reference (D11), the list with filters and cursors, balances. */
let app: TestApp;
let key: string;
let merchantId: string;
let email: string;

beforeAll(async () => {
  app = await startTestApp();
  const tag = Math.random().toString(36).slice(2, 8);
  email = `owner-${tag}@shop.example`;
  const m = await app.createMerchant({ name: "Boutique Awa", owner: { email, password: "correct horse battery" } });
  key = m.testApiKey!;
  merchantId = m.merchantId;
  await fund(app.database.db, { merchantId, currency: "XOF", amount: 100_000 });
  await fund(app.database.db, { merchantId, currency: "KES", amount: 500 });
});
afterAll(() => app.close());

const get = (path: string) => app.request(path, { key });
const create = async (kind: "payin" | "payout", json: unknown) => (await app.request(`/api/v1/merchant/${kind}`, { method: "POST", key, json })).body.data;

describe("GET /api/v1/merchant/transactions/{id} (2.3)", () => {
  it("shows type, updated_at and the phone with its plus", async () => {
    const created = await create("payout", payoutRequest({ amount: 1000, order_id: "inv-2.3" }));
    const res = await get(`/api/v1/merchant/transactions/${created.transaction_id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.data).toEqual({
      transaction_id: created.transaction_id,
      amount: 1000,
      fee: 10,
      charged_amount: 1010,
      currency: "XOF",
      order_id: "inv-2.3",
      status: "pending",
      type: "cashout",
      payment_method: "mobile_money",
      created_at: created.created_at,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // beneficiary and decline_reason: issue 24's extra fields beside the interface's.
      metadata: { network: "mtn", phone_number: "+2250700001234", country_code: "CI", beneficiary: "Awa Marie Diop" },
      decline_reason: null,
    });
    await runWorkerBatch(app.database.db);
    const after = await get(`/api/v1/merchant/transactions/${created.transaction_id}`);
    expect(after.body.data.status).toBe("successful");
    expect(after.body.data.updated_at >= after.body.data.created_at).toBe(true);
  });

  it("gives the dashboard the timeline and the ledger entries", async () => {
    const created = await create("payout", payoutRequest({ amount: 500, outcome: "failed" }));
    await runWorkerBatch(app.database.db);
    const ref = { merchantId, mode: "test" as const, id: created.transaction_id };
    expect((await getTransactionTimeline(app.database.db, ref)).map((e) => [e.fromStatus, e.toStatus, e.reason])).toEqual([
      [null, "pending", "Created"],
      ["pending", "failed", "Recipient account not found"],
    ]);
    expect((await getTransactionLedgerEntries(app.database.db, ref)).map((e) => e.kind)).toEqual([
      "payout_reserve",
      "payout_reserve",
      "payout_release",
      "payout_release",
    ]);
    await expect(getTransactionTimeline(app.database.db, { ...ref, mode: "live" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET /api/v1/transactions/{reference} (2.5)", () => {
  it("maps a payout: hundredths as text, debit, beneficiary names split, the network as agent", async () => {
    const created = await create("payout", payoutRequest({ amount: 1003, order_id: "ref-po" }));
    await runWorkerBatch(app.database.db);
    const res = await get(`/api/v1/transactions/${created.transaction_id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.data).toEqual({
      id: created.transaction_id,
      amount: "100500",
      human_readable_amount: 1005,
      charge: "1100",
      human_readable_charge: 11,
      status: "success",
      decline_reason: null,
      mode: "test",
      type: "debit",
      description: "Mobile money payout for order ref-po to Awa Marie Diop via MTN Mobile Money",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}000Z$/),
      recipient_first_name: "Awa",
      recipient_middle_name: "Marie",
      recipient_last_name: "Diop",
      recipient_country: "CI",
      recipient_email: "",
      recipient_phone: "+2250700001234",
      recipient_amount: "100500",
      human_readable_recipient_amount: 1005,
      recipient_currency: "XOF",
      rate: 1,
      transfer_purpose: "Merchant payout",
      delivery_method: "mobile_money",
      agent: { id: "mtn-ci", business_name: "MTN Mobile Money", first_name: "MTN Mobile Money", last_name: "", email: "", phone: "", address: "Cote d'Ivoire", image: "" },
    });
    expect(res.body.data.created_at.replace("000Z", "Z")).toBe(created.created_at);
  });

  it("maps a payin: credit, the merchant as recipient, cents kept for KES", async () => {
    const created = await create("payin", payinRequest({ country: "KE", network: "airtel", amount: 10.01, outcome: "failed" }));
    await runWorkerBatch(app.database.db);
    const data = (await get(`/api/v1/transactions/${created.transaction_id}`)).body.data;
    expect(data).toMatchObject({
      amount: "1001",
      human_readable_amount: 10.01,
      charge: "16",
      human_readable_charge: 0.16,
      status: "failed",
      decline_reason: "Customer has insufficient funds",
      type: "credit",
      recipient_first_name: "Boutique Awa",
      recipient_middle_name: null,
      recipient_email: email,
      recipient_phone: null,
      recipient_country: "KE",
    });
    for (const v of Object.values(data.agent)) expect(typeof v).toBe("string");
  });

  it("finds the most recent transaction with an order_id when no id matches", async () => {
    await create("payin", payinRequest({ amount: 1000, order_id: "shared-order" }));
    const second = await create("payin", payinRequest({ amount: 2000, order_id: "shared-order" }));
    const res = await get(`/api/v1/transactions/shared-order`);
    expect(res.body.data).toMatchObject({ id: second.transaction_id, status: "pending", amount: "200000" });
  });
});

describe("GET /api/v1/merchant/transactions (list)", () => {
  let listApp: TestApp;
  let listKey: string;
  const ids: string[] = [];

  beforeAll(async () => {
    listApp = app;
    const m = await app.createMerchant();
    listKey = m.testApiKey!;
    await fund(app.database.db, { merchantId: m.merchantId, currency: "KES", amount: 10_000 });
    const bodies: ["payin" | "payout", unknown][] = [
      ["payin", payinRequest({ amount: 1000, order_id: "A-1" })],
      ["payin", payinRequest({ country: "KE", network: "mpesa", amount: 100, order_id: "B-2", outcome: "failed" })],
      ["payout", payoutRequest({ country: "KE", network: "airtel", currency: "KES", amount: 50, order_id: "C-3" })],
      ["payin", payinRequest({ network: "orange", amount: 2000, order_id: "A-4", metadata: { om_otp: "1234" } })],
      ["payout", payoutRequest({ country: "KE", network: "safaricom", currency: "KES", amount: 60, order_id: "D-5", outcome: "cancelled" })],
    ];
    for (const [kind, json] of bodies) {
      const res = await listApp.request(`/api/v1/merchant/${kind}`, { method: "POST", key: listKey, json });
      ids.push(res.body.data.transaction_id);
    }
    await runWorkerBatch(app.database.db);
  });

  const list = async (q = "") => {
    const res = await listApp.request(`/api/v1/merchant/transactions${q}`, { key: listKey });
    expect(res.status, q).toBe(200);
    return res.body as { data: { transaction_id: string }[]; next_cursor: string | null; meta: { current_page: number; per_page: number; total?: number } };
  };
  const idsOf = (page: { data: { transaction_id: string }[] }) => page.data.map((t) => t.transaction_id);

  it("lists newest first in the 2.3 shape, data the array with next_cursor and meta beside it (D20)", async () => {
    const page = await list();
    expect(Object.keys(page).sort()).toEqual(["data", "message", "meta", "next_cursor", "status"]);
    expect(page).toMatchObject({ status: "success", message: "Transactions retrieved", meta: { current_page: 1, per_page: 15 } });
    expect(page.meta).not.toHaveProperty("total");
    expect(Array.isArray(page.data)).toBe(true);
    expect(idsOf(page)).toEqual([...ids].reverse());
    expect(page.next_cursor).toBeNull();
    expect(page.data[0]).toHaveProperty("updated_at");
    expect(page.data[0]).toHaveProperty("type", "cashout");
  });

  it("pages with an opaque cursor", async () => {
    const first = await list("?limit=2");
    expect(idsOf(first)).toEqual([ids[4], ids[3]]);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(idsOf(second)).toEqual([ids[2], ids[1]]);
    const third = await list(`?limit=2&cursor=${second.next_cursor}`);
    expect(idsOf(third)).toEqual([ids[0]]);
    expect(third.next_cursor).toBeNull();
    expect([first.meta.current_page, second.meta.current_page, third.meta.current_page]).toEqual([1, 2, 3]);
  });

  it("pages with page and limit, counting the total; page=all is the first page", async () => {
    const first = await list("?page=1&limit=2");
    expect(idsOf(first)).toEqual([ids[4], ids[3]]);
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5 });
    const second = await list("?page=2&limit=2");
    expect(idsOf(second)).toEqual([ids[2], ids[1]]);
    expect(second.meta).toEqual({ current_page: 2, per_page: 2, total: 5 });
    const last = await list("?page=3&limit=2");
    expect(idsOf(last)).toEqual([ids[0]]);
    expect(last.next_cursor).toBeNull();
    expect(idsOf(await list("?page=9&limit=2"))).toEqual([]);
    // page then cursor: the cursor continues where the page ended.
    const next = await list(`?limit=2&cursor=${second.next_cursor}`);
    expect(idsOf(next)).toEqual([ids[0]]);
    expect(next.meta.current_page).toBe(3);
    const all = await list("?page=all&limit=3");
    expect(idsOf(all)).toEqual([ids[4], ids[3], ids[2]]);
    expect(all.meta).toEqual({ current_page: 1, per_page: 3, total: 5 });
    const filtered = await list("?page=1&order_id=C-3");
    expect(idsOf(filtered)).toEqual([ids[2]]);
    expect(filtered.meta.total).toBe(1);
  });

  it("filters", async () => {
    expect(idsOf(await list("?type=payout"))).toEqual([ids[4], ids[2]]);
    expect(idsOf(await list("?type=cashin&status=successful"))).toEqual([ids[3], ids[0]]);
    expect(idsOf(await list("?status=failed"))).toEqual([ids[1]]);
    expect(idsOf(await list("?order_id=C-3"))).toEqual([ids[2]]);
    expect(idsOf(await list("?country_code=ke"))).toEqual([ids[4], ids[2], ids[1]]);
    expect(idsOf(await list("?network=mpesa"))).toEqual([ids[4], ids[1]]);
    expect(idsOf(await list("?network=orange"))).toEqual([ids[3]]);
    expect(idsOf(await list("?q=A-"))).toEqual([ids[3], ids[0]]);
    expect(idsOf(await list(`?q=${ids[2]}`))).toEqual([ids[2]]);
    expect(idsOf(await list("?q=25471234"))).toEqual([ids[4], ids[2], ids[1]]);
    const today = new Date().toISOString().slice(0, 10);
    expect(idsOf(await list(`?created_from=${today}&created_to=${today}`))).toHaveLength(5);
    expect(idsOf(await list("?created_to=2020-01-01"))).toEqual([]);
    expect(idsOf(await list(`?created_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`))).toEqual([]);
  });

  it("validates the query", async () => {
    // Shaped like ours, but 20 digits overflow PostgreSQL's bigint (a 500 before), and year 10000 is no row's time.
    const craftedCursors = ["99999999999999999999|pi_0|2", "253402300800000000|pi_0|2"].map((c) => `cursor=${Buffer.from(c).toString("base64url")}`);
    for (const q of ["limit=0", "limit=101", "page=0", "page=x", "page=10001", "status=done", "type=transfer", "created_from=yesterday", "cursor=bm9wZQ", ...craftedCursors]) {
      const res = await listApp.request(`/api/v1/merchant/transactions?${q}`, { key: listKey });
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body.data)).toEqual([q.split("=")[0]]);
    }
  });
});

describe("GET /api/v1/merchant/balances", () => {
  it("shows available and in-flight per currency of the key's mode", async () => {
    const m = await app.createMerchant();
    expect((await app.request("/api/v1/merchant/balances", { key: m.testApiKey })).body).toEqual({ status: "success", message: "Balances retrieved", data: [] });
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 5000 });
    await fund(app.database.db, { merchantId: m.merchantId, mode: "live", currency: "XOF", amount: 7 });
    await app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey, json: payoutRequest({ amount: 1000 }) });
    const res = await app.request("/api/v1/merchant/balances", { key: m.testApiKey });
    expect(res.body.data).toEqual([{ currency: "XOF", available_balance: 3990, pending_balance: 1010 }]);
    const live = await app.request("/api/v1/merchant/balances", { key: m.liveApiKey });
    expect(live.body.data).toEqual([{ currency: "XOF", available_balance: 7, pending_balance: 0 }]);
  });

  it("stores the requested amount next to the processed one", async () => {
    const created = await create("payin", payinRequest({ amount: 1002 }));
    const [row] = await app.database.db.select().from(transactions).where(eq(transactions.id, created.transaction_id));
    expect([row.requestedAmount, row.amount]).toEqual([100200n, 100000n]);
  });
});
