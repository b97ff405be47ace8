import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { statusReadStats } from "@/server/payments/status-reads";

/**
 * Coalesced status reads (server/payments/status-reads.ts): concurrent
 * GET /merchant/transactions/{id} of different merchants and modes share statements,
 * and each still gets exactly its own answer: its transaction, or the 404 of D4 for an
 * id of another merchant, of the other mode, or of nothing.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let a: M;
let b: M;
const ids: Record<"a" | "b", string[]> = { a: [], b: [] };

beforeAll(async () => {
  app = await startTestApp({ poolMax: 4 });
  a = await app.createMerchant();
  b = await app.createMerchant();
  for (const [who, m] of [["a", a], ["b", b]] as const) {
    for (let i = 0; i < 6; i++) {
      const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ order_id: `${who}-${i}` }) });
      expect(res.status).toBe(200);
      ids[who].push(res.body.data.transaction_id);
    }
  }
});
afterAll(() => app.close());

describe("status reads in one burst", () => {
  it("answer each read with its own transaction or its own 404, in fewer statements than reads", { timeout: 120_000 }, async () => {
    const cases: Array<{ key: string; id: string; expect: { status: 200; order: string } | { status: 404 } }> = [];
    for (let round = 0; round < 4; round++) {
      ids.a.forEach((id, i) => cases.push({ key: a.testApiKey!, id, expect: { status: 200, order: `a-${i}` } }));
      ids.b.forEach((id, i) => cases.push({ key: b.testApiKey!, id, expect: { status: 200, order: `b-${i}` } }));
      // Another merchant's ids, the other mode's key, an id of nothing.
      ids.b.forEach((id) => cases.push({ key: a.testApiKey!, id, expect: { status: 404 } }));
      ids.a.forEach((id) => cases.push({ key: a.liveApiKey!, id, expect: { status: 404 } }));
      cases.push({ key: b.testApiKey!, id: "pi_00000000000000000000000000", expect: { status: 404 } });
    }
    const before = statusReadStats();
    const results = await Promise.all(cases.map((c) => app.request(`/api/v1/merchant/transactions/${c.id}`, { key: c.key })));
    results.forEach((res, i) => {
      const want = cases[i].expect;
      expect(res.status, `${cases[i].id}`).toBe(want.status);
      if (want.status === 200) {
        expect(res.body.data).toMatchObject({ transaction_id: cases[i].id, order_id: want.order, type: "cashin", status: "pending" });
        expect(res.body.data.metadata.phone_number).toMatch(/^\+/);
      } else {
        expect(res.body).toEqual({ status: "error", message: "Transaction not found", data: null });
      }
    });
    const after = statusReadStats();
    expect(after.reads - before.reads).toBe(cases.length);
    // On PostgreSQL the reads overlap (each waits on the server) and share statements.
    // PGlite runs each query synchronously on this thread, so the burst reaches the server
    // one request at a time and each read is its own statement: there is nothing to share.
    // (Before issue 26 the route module's first, lazy load held the burst back and released
    // it at once; the generated route table imports every module at start.)
    if (app.database.kind === "postgres") expect(after.statements - before.statements).toBeLessThan(cases.length);
    else expect(after.statements - before.statements).toBeLessThanOrEqual(cases.length);
  });
});
