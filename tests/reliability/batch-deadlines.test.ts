import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest } from "../helpers/payments";

/**
 * Each request answers within its own deadline (server/db/deadline.ts), including when its
 * payin is written by a group-commit flush that another request's drain runs
 * (payin-batch.ts). Found by the fault test: under sustained load a drain loops for
 * seconds, and its later flushes ran in the context of the request that started it, whose
 * deadline was long past: the pool refused them a connection ("request deadline") and
 * fresh requests got a 503 with the database healthy.
 *
 * Here the two drains in the air (MAX_FLUSHES) are held 3.2 s on a table lock; a payin
 * sent at 2.5 s waits for them and is flushed by one of them, after their own requests'
 * budget for a connection is gone. It must still be written under its own deadline.
 *
 * A payout batch is written at once by ONE statement without BEGIN (payout-batch.ts), so
 * without the statement timeout of the request's deadline: it must never wait for a
 * wallet another transaction holds (SKIP LOCKED), and leave that wait to the look, whose
 * transaction is bounded by the deadline.
 */
let app: TestApp;
let key: string;
let lockSql: postgres.Sql;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 8 });
  key = (await app.createMerchant()).testApiKey!;
  await app.request("/api/v1/merchant/balances", { key });
  lockSql = postgres(app.database.url!, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await lockSql?.end();
  await app.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const payin = (orderId: string) => app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ order_id: orderId }) });

describe("group commit and request deadlines", () => {
  it("a payin flushed by another request's drain is written under its own deadline", async () => {
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const holding = lockSql.begin(async (tx) => {
      await tx`lock table transactions in exclusive mode`;
      locked();
      await sleep(3200);
    });
    await lockTaken;
    const started = Date.now();
    const first = [payin("deadline-a"), payin("deadline-b")];
    await sleep(2500);
    const late = payin("deadline-c");
    await holding;
    const [a, b, c] = await Promise.all([...first, late]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(c.body).toMatchObject({ status: "success", data: { order_id: "deadline-c", status: "pending" } });
    expect(c.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a payout whose wallet another transaction holds waits in the look, then is written", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
    const payout = (orderId: string) => app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey!, json: payoutRequest({ order_id: orderId }) });
    // A first payout: this process now knows the wallet's id and goes straight to its batch.
    expect((await payout("held-0")).status).toBe(200);
    const [wallet] = await lockSql<{ id: string }[]>`select id from wallets where merchant_id = ${m.merchantId} and mode = 'test' and currency = 'XOF'`;
    const holder = postgres(app.database.url!, { max: 1, onnotice: () => {} });
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    let waiting: string[] = [];
    try {
      const holding = holder.begin(async (tx) => {
        await tx`select 1 from wallets where id = ${wallet.id} for update`;
        locked();
        await sleep(1500);
        // What waits on the lock now: the look's FOR UPDATE, not the statement that writes.
        waiting = (await lockSql<{ query: string }[]>`select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`).map((r) => r.query);
      });
      await lockTaken;
      const started = Date.now();
      const held = payout("held-1");
      await holding;
      const res = await held;
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toContain("for update of w");
      expect(waiting[0]).not.toContain("json_to_recordset($1");
    } finally {
      await holder.end();
    }
  });

  it("a payout whose wallet is held past its deadline answers 503 in time, nothing written", async () => {
    const m = await app.createMerchant();
    await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
    const payout = (orderId: string) => app.request("/api/v1/merchant/payout", { method: "POST", key: m.testApiKey!, json: payoutRequest({ order_id: orderId }) });
    expect((await payout("late-0")).status).toBe(200);
    const [before] = await lockSql<{ id: string; available: string }[]>`select id, available::text from wallets where merchant_id = ${m.merchantId} and mode = 'test' and currency = 'XOF'`;
    const holder = postgres(app.database.url!, { max: 1, onnotice: () => {} });
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    try {
      const holding = holder.begin(async (tx) => {
        await tx`select 1 from wallets where id = ${before.id} for update`;
        locked();
        await sleep(6000);
      });
      await lockTaken;
      const started = Date.now();
      const res = await payout("late-1");
      const took = Date.now() - started;
      await holding;
      expect(res.status).toBe(503);
      expect(took).toBeLessThan(5000);
      const [after] = await lockSql<{ available: string }[]>`select available::text from wallets where id = ${before.id}`;
      expect(after.available).toBe(before.available);
      expect(await lockSql`select 1 from transactions where merchant_id = ${m.merchantId} and order_id = 'late-1'`).toHaveLength(0);
    } finally {
      await holder.end();
    }
  });
});
