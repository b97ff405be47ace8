import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";

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
});
