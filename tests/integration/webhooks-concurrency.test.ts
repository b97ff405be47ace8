import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { usingPostgres } from "../helpers/test-db";
import { eventsById, sleep, startReceiver, transactionRow, transactionWithEvent, type Receiver } from "../helpers/webhooks";
import { openPostgres, type Database } from "@/server/db/client";
import { transactions, webhookAttempts, webhookEvents } from "@/server/db/schema";
import { claimDueEvents } from "@/server/webhooks/claim";
import { deliverClaimed, deliverWebhookBatch } from "@/server/webhooks/delivery-job";
import { postWebhook } from "@/server/webhooks/http-post";
import { enqueueTransactionEvent } from "@/server/webhooks/outbox";

/**
 * At least once under crashes, exactly once without them: a worker that dies after
 * claiming (before or after its POST) loses nothing once its lease runs out, a stale
 * worker cannot overwrite a newer claim, and two delivery loops against one database
 * deliver every event once.
 */
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app.close();
});

async function merchantWithReceiver() {
  const r = await startReceiver();
  receivers.push(r);
  const m = await app.createMerchant({ webhookUrl: { test: r.url } });
  return { r, m };
}

async function pendingCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(sql`${webhookEvents.state} = 'pending'`);
  return Number(row.n);
}

describe("a worker that dies mid-batch", () => {
  it("loses no event: after its lease runs out another worker delivers every one, at least once", async () => {
    const { r, m } = await merchantWithReceiver();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await transactionWithEvent(app.database.db, { merchantId: m.merchantId })).eventId);

    // The doomed worker claims all ten (its claim commits), POSTs three, then dies: no outcome recorded.
    const claimed = await claimDueEvents(app.database.db, { limit: 10, leaseMs: 400 });
    expect(claimed.map((c) => c.id).sort()).toEqual([...ids].sort());
    for (const e of claimed.slice(0, 3)) {
      await postWebhook({ url: r.url, body: e.body, headers: { "Webhook-Id": e.id, "Content-Type": "application/json" }, mode: "test", timeoutMs: 1000 });
    }

    // While the lease holds, nobody else touches them.
    expect(await deliverWebhookBatch(app.database.db)).toBe(0);
    expect(r.received).toHaveLength(3);

    await sleep(450);
    expect(await deliverWebhookBatch(app.database.db)).toBe(10);
    const events = await eventsById(app.database.db, ids);
    expect([...events.values()].every((e) => e.state === "delivered")).toBe(true);
    const seen = r.idsSeen();
    expect(ids.every((id) => (seen.get(id) ?? 0) >= 1)).toBe(true);
    // The three sent before the crash arrive twice, under the same Webhook-Id: receivers dedupe on it.
    expect([...seen.values()].filter((n) => n === 2)).toHaveLength(3);
  });

  it("a worker whose lease was taken over cannot overwrite the newer outcome", async () => {
    const { m } = await merchantWithReceiver();
    const failing = await startReceiver(() => ({ status: 500 }));
    receivers.push(failing);
    const { eventId } = await transactionWithEvent(app.database.db, { merchantId: m.merchantId });
    const [stale] = await claimDueEvents(app.database.db, { limit: 1, leaseMs: 50 });
    expect(stale.id).toBe(eventId);
    await sleep(80);
    await deliverWebhookBatch(app.database.db); // a second worker takes over and delivers
    // The stale worker wakes up and records its (failed) attempt: the event stays delivered.
    const late = await deliverClaimed(app.database.db, { ...stale, target: { url: failing.url, endpointId: null, secretEncrypted: null, previousSecretEncrypted: null } }, { schedule: [0] });
    expect(late.state).toBe("pending");
    const event = (await eventsById(app.database.db, [eventId])).get(eventId)!;
    expect(event.state).toBe("delivered");
    expect(event.attemptCount).toBe(1);
  });
});

describe("one delivery loop", () => {
  it("keeps at most `concurrency` POSTs in flight, refills freed slots, and returns once every outcome is recorded", async () => {
    let inFlight = 0;
    let most = 0;
    const r = await startReceiver(() => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 15);
      return { status: 200, delayMs: 15 };
    });
    receivers.push(r);
    const m = await app.createMerchant({ webhookUrl: { test: r.url } });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await transactionWithEvent(app.database.db, { merchantId: m.merchantId })).eventId);

    expect(await deliverWebhookBatch(app.database.db, { concurrency: 4 })).toBe(40);
    // Back from the batch: every outcome is committed, one attempt each.
    const events = await eventsById(app.database.db, ids);
    expect([...events.values()].map((e) => [e.state, e.attemptCount])).toEqual(ids.map(() => ["delivered", 1]));
    const [attempts] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookAttempts).where(inArray(webhookAttempts.eventId, ids));
    expect(Number(attempts.n)).toBe(40);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
    expect([...r.idsSeen().values()].every((n) => n === 1)).toBe(true);
  });
});

describe("two delivery loops against one database", () => {
  // PostgreSQL: two connection pools, as two processes would have. PGlite is one
  // connection in one process, so there the loops interleave on it with fewer events.
  const total = usingPostgres() ? 2000 : 300;

  it(`deliver ${total} events with none lost and none delivered twice`, { timeout: 120_000 }, async () => {
    const { r, m } = await merchantWithReceiver();
    const db = app.database.db;
    const rows = Array.from({ length: total }, () => transactionRow({ merchantId: m.merchantId }));
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db.insert(transactions).values(rows.slice(i, i + 500)).returning();
      await db.transaction(async (tx) => {
        for (const t of inserted) await enqueueTransactionEvent(tx, t);
      });
    }

    const second: { db: Database; close(): Promise<void> } = usingPostgres()
      ? await openPostgres(app.database.url!, 20)
      : { db, close: async () => {} };
    const loop = async (worker: Database) => {
      let handled = 0;
      let idle = 0;
      while (idle < 3) {
        const n = await deliverWebhookBatch(worker, { concurrency: 16 });
        handled += n;
        if (n === 0) {
          idle = (await pendingCount(worker)) === 0 ? idle + 1 : 0;
          await sleep(5);
        }
      }
      return handled;
    };
    const started = performance.now();
    const [a, b] = await Promise.all([loop(db), loop(second.db)]);
    const seconds = (performance.now() - started) / 1000;
    await second.close();

    const seen = r.idsSeen();
    expect(seen.size).toBe(total);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(a + b).toBe(total);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const [states] = await db
      .select({ delivered: sql<number>`count(*) filter (where state = 'delivered')::int`, attempts: sql<number>`sum(attempt_count)::int` })
      .from(webhookEvents)
      .where(sql`${webhookEvents.merchantId} = ${m.merchantId}`);
    expect(Number(states.delivered)).toBe(total);
    expect(Number(states.attempts)).toBe(total);
    console.info(`[webhooks] ${total} events, 2 loops: ${seconds.toFixed(2)} s (${Math.round(total / seconds)}/s; loop A ${a}, loop B ${b})`);
  });
});
