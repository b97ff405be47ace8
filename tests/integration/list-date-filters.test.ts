import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { flushRequestLogs } from "@/server/request-logs/write-batch";
import { runWorkerBatch } from "@/server/worker/run-batch";

/**
 * created_from / created_to on the three lists that take them (transactions, events, request
 * logs), through HTTP: a date the calendar or the database does not have is a 422 naming the
 * field, never a 500. Before server/calendar.ts, `created_from=0000-01-01`, `created_to=
 * 9999-12-31` (its end falls in year 10000) and an offset that moves year 1 into year 0 reached
 * PostgreSQL and answered 500, and 2026-02-30 was read as March 2nd.
 */
let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;
const LISTS = ["/api/v1/merchant/transactions", "/api/v1/merchant/events", "/api/v1/merchant/request-logs"];

beforeAll(async () => {
  app = await startTestApp();
  m = await app.createMerchant();
  expect((await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ order_id: "dates-1" }) })).status).toBe(200);
  // The sandbox settles the payin: its status change is the event the events list shows.
  await runWorkerBatch(app.database.db);
  await runWorkerBatch(app.database.db);
  await flushRequestLogs();
});

afterAll(async () => {
  await app?.close();
});

const get = (path: string, query: string) => app.request(`${path}?${query}`, { key: m.testApiKey });

describe.each(LISTS)("%s date filters", (path) => {
  it.each([
    ["created_from", "0000-01-01"],
    ["created_from", "2026-13-01"],
    ["created_from", "2026-02-30"],
    ["created_to", "2026-02-30T10:00:00Z"],
    ["created_from", "0001-01-01T00:00:00+05:00"],
    ["created_to", "9999-12-31T23:59:59-05:00"],
    ["created_from", "2026-12-01T25:00:00Z"],
  ])("refuses %s=%s with a 422 naming it", async (field, value) => {
    const res = await get(path, `${field}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: "error", message: "Validation failed", data: { [field]: [`The ${field} field must be a valid ISO 8601 date or date-time.`] } });
  });

  it("takes the first and last days there are: everything is between them", async () => {
    // The request log records these reads too, written by a timer: every request so far is
    // written first, and a row written between the two reads (the first read's own, or a
    // 422 above when the timer fires in between) is newer than everything the first read saw.
    await flushRequestLogs();
    const ids = (body: { data: Array<{ id?: string; transaction_id?: string }> }) => body.data.map((r) => (r.id ?? r.transaction_id)!);
    const all = await get(path, "limit=100");
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(0);
    const newest = ids(all.body)[0];
    const wide = await get(path, "limit=100&created_from=0001-01-01&created_to=9999-12-31");
    expect(wide.status).toBe(200);
    expect(ids(wide.body).filter((id) => id <= newest)).toEqual(ids(all.body));
    expect((await get(path, "created_from=9999-12-31T23:59:59.999Z")).body.data).toEqual([]);
  });
});
