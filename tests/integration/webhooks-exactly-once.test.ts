import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { usingPostgres } from "../helpers/test-db";
import { sleep, startReceiver, type Receiver } from "../helpers/webhooks";
import { openPostgres, type Database } from "@/server/db/client";
import { webhookEvents } from "@/server/db/schema";
import { createEndpoint } from "@/server/webhooks/endpoints";
import { runWorkerBatch } from "@/server/worker/run-batch";

/**
 * Exactly once when nothing fails (issue 26). Payins are created over HTTP, 16 at a time,
 * while two worker loops (two pools on PostgreSQL, as two processes) settle them and
 * deliver their webhooks to two real receivers: the default endpoint and a second one
 * reached by fan-out. Every status-change event arrives once at each, under its own
 * Webhook-Id, and nothing else arrives.
 *
 * What the issue took for duplicates (5,017 arrivals for 5,001 events) was the bench's
 * accounting: the load tool counts the requests answered within its window, the 16
 * connections' requests still in flight when it stops created payins too. Counted by
 * event id, each arrived once.
 */
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20, contract: false });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

const total = usingPostgres() ? 800 : 200;

describe("webhooks under load, no fault", () => {
  it(`${total} payins created while two loops deliver: one arrival per event id at each endpoint`, { timeout: 180_000 }, async () => {
    const main = await startReceiver();
    const other = await startReceiver();
    receivers.push(main, other);
    const m = await app.createMerchant({ webhookUrl: { test: main.url } });
    await createEndpoint(app.database.db, { merchantId: m.merchantId, mode: "test" }, { url: other.url, eventTypes: ["*"] });

    const second: { db: Database; close(): Promise<void> } = usingPostgres()
      ? await openPostgres(app.database.url!, 10)
      : { db: app.database.db, close: async () => {} };
    let loading = true;
    const loop = async (db: Database) => {
      let passes = 0;
      while (loading || passes < 3) {
        const r = await runWorkerBatch(db);
        const idle = (r.webhooks ?? 0) <= 0 && (r.lifecycle ?? 0) <= 0;
        passes = loading ? 0 : idle ? passes + 1 : 0;
        if (idle) await sleep(10);
      }
    };
    const loops = Promise.all([loop(app.database.db), loop(second.db)]);

    let next = 0;
    let created = 0;
    const client = async () => {
      while (next < total) {
        const i = next++;
        const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ order_id: `once-${i}` }) });
        expect(res.status).toBe(200);
        created++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    loading = false;
    await loops;
    await second.close();
    expect(created).toBe(total);

    const roots = await app.database.db
      .select({ id: webhookEvents.id, state: webhookEvents.state, attempts: webhookEvents.attemptCount })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchantId, m.merchantId), isNull(webhookEvents.parentId)));
    // One status change per payin (pending -> successful in the sandbox), one event each.
    expect(roots).toHaveLength(total);
    expect(roots.every((e) => e.state === "delivered" && e.attempts === 1)).toBe(true);
    const ids = roots.map((e) => e.id).sort();
    for (const r of [main, other]) {
      const seen = r.idsSeen();
      expect([...seen.keys()].sort()).toEqual(ids);
      const twice = [...seen.entries()].filter(([, n]) => n !== 1);
      expect(twice).toEqual([]);
      expect(r.received).toHaveLength(total);
    }
  });
});
