import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { usingPostgres } from "../helpers/test-db";
import { payinRequest } from "../helpers/payments";
import { idempotencyKeys, transactionEvents, transactions } from "@/server/db/schema";
import { insertPayinBatched, payinBatchStats } from "@/server/payments/payin-batch";
import { payinCreatedView } from "@/server/payments/api-views";
import { findIdempotentReplay, idempotencyLookStats, idempotencyScope } from "@/server/payments/idempotency";
import { newId } from "@/server/ids";

/**
 * Group commit of payins (payin-batch.ts): concurrent creations are written together,
 * several per statement, and each is still stored exactly once with its one "Created"
 * timeline row and, when keyed, its Idempotency-Key record; a key repeated inside the
 * same burst creates one payin and replays it to the others.
 */
const TOTAL = usingPostgres() ? 200 : 60;

let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  m = await app.createMerchant();
  await app.request("/api/v1/merchant/balances", { key: m.testApiKey });
});
afterAll(() => app.close());

describe(`${TOTAL} concurrent payins`, () => {
  it("stores every payin once, with one Created event each, in fewer flushes than payins", { timeout: 300_000 }, async () => {
    const before = payinBatchStats();
    const results = await Promise.all(
      Array.from({ length: TOTAL }, (_, i) =>
        app.request("/api/v1/merchant/payin", {
          method: "POST",
          key: m.testApiKey,
          json: payinRequest({ order_id: `burst-${i}` }),
          headers: i % 2 ? { "Idempotency-Key": `burst-key-${i}` } : undefined,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(TOTAL).fill(200));
    const ids = results.map((r) => r.body.data.transaction_id as string);
    expect(new Set(ids).size).toBe(TOTAL);

    const db = app.database.db;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.merchantId, m.merchantId));
    expect(n).toBe(TOTAL);
    const events = await db
      .select({ id: transactionEvents.transactionId, n: sql<number>`count(*)::int` })
      .from(transactionEvents)
      .where(inArray(transactionEvents.transactionId, ids))
      .groupBy(transactionEvents.transactionId);
    expect(events).toHaveLength(TOTAL);
    expect(events.every((e) => e.n === 1)).toBe(true);
    const [{ keys }] = await db.select({ keys: sql<number>`count(*)::int` }).from(idempotencyKeys).where(eq(idempotencyKeys.merchantId, m.merchantId));
    expect(keys).toBe(TOTAL / 2);

    const after = payinBatchStats();
    expect(after.payins - before.payins).toBe(TOTAL);
    // Batching happened: fewer database statements than payins. On PostgreSQL the payins
    // overlap (each waits on the server) and share statements; PGlite runs each query on this
    // thread, so since the route table is imported at start (issue 26) the burst reaches it one
    // request at a time and there may be nothing to share (the lazy route load used to hold the
    // burst back and release it at once). `npm run test:pg` runs the strict check.
    if (app.database.kind === "postgres") {
      expect(after.flushes - before.flushes).toBeLessThan(TOTAL);
      expect(after.largest).toBeGreaterThan(1);
    } else expect(after.flushes - before.flushes).toBeLessThanOrEqual(TOTAL);
  });

  it("one payin per Idempotency-Key within a burst; the others replay it", { timeout: 300_000 }, async () => {
    const body = payinRequest({ order_id: "same-key" });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: body, headers: { "Idempotency-Key": "burst-shared" } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.data.transaction_id)).size).toBe(1);
    const [{ n }] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(sql`${transactions.merchantId} = ${m.merchantId} and ${transactions.orderId} = 'same-key'`);
    expect(n).toBe(1);
  });

  it("a batch written at once whose key was recorded meanwhile writes nothing, then replays it", async () => {
    // A key stored after the request's own replay check (another process, say): the one
    // statement fails whole on the key, the look finds it taken, nothing is written twice.
    const body = payinRequest({ order_id: "raced" });
    const first = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: body, headers: { "Idempotency-Key": "payin-raced" } });
    expect(first.status).toBe(200);
    const [stored] = await app.database.db.select().from(transactions).where(eq(transactions.id, first.body.data.transaction_id));
    const idem = idempotencyScope({ merchantId: m.merchantId, mode: "test", scope: "payin", key: "payin-raced", request: body })!;
    const id = newId("payin");
    const alone = await insertPayinBatched(app.database.db, { values: { ...stored, id }, idem, responseOf: payinCreatedView });
    expect(alone).toEqual({ kind: "idempotent" });
    // With another payin in the same batch: that one is written, the raced one is not.
    const other = newId("payin");
    const [a, b] = await Promise.all([
      insertPayinBatched(app.database.db, { values: { ...stored, id: newId("payin") }, idem, responseOf: payinCreatedView }),
      insertPayinBatched(app.database.db, { values: { ...stored, id: other, orderId: "raced-other" }, idem: null, responseOf: payinCreatedView }),
    ]);
    expect(a).toEqual({ kind: "idempotent" });
    expect(b).toMatchObject({ kind: "created", row: { id: other } });
    const rows = await app.database.db.select({ id: transactions.id }).from(transactions).where(sql`${transactions.merchantId} = ${m.merchantId} and ${transactions.orderId} in ('raced', 'raced-other')`);
    expect(rows.map((r) => r.id).sort()).toEqual([stored.id, other].sort());
  });

  it("shares one key SELECT among the keyed requests that arrive together, each seeing the keys stored before it asked", async () => {
    const body = (i: number) => payinRequest({ order_id: `look-${i}` });
    const scope = (i: number) => idempotencyScope({ merchantId: m.merchantId, mode: "test", scope: "payin", key: `look-${i}`, request: body(i) })!;
    const stored = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: body(0), headers: { "Idempotency-Key": "look-0" } });
    expect(stored.status).toBe(200);
    // The hash the API stored (of the request as it parsed it).
    const [record] = await app.database.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.merchantId} = ${m.merchantId} and ${idempotencyKeys.key} = 'look-0'`);
    const scopes = Array.from({ length: 40 }, (_, i) => (i === 0 ? { ...scope(0), requestHash: record.requestHash } : scope(i)));
    const before = idempotencyLookStats();
    const found = await Promise.all(scopes.map((s) => findIdempotentReplay(app.database.db, s)));
    const after = idempotencyLookStats();
    expect(after.looks - before.looks).toBe(40);
    // The first goes at once, the 39 that came while it ran share the next one.
    expect(after.selects - before.selects).toBeLessThanOrEqual(2);
    expect(found[0]).toEqual(stored.body.data);
    expect(found.slice(1).every((f) => f === null)).toBe(true);
    // The same key with another body: 409, from the shared look too.
    await expect(findIdempotentReplay(app.database.db, { ...scopes[0], requestHash: scope(1).requestHash })).rejects.toMatchObject({ code: "idempotency_conflict" });
  });
});
