import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { sleep } from "../helpers/webhooks";
import { transactions, webhookAttempts, webhookEvents } from "@/server/db/schema";
import { verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";
import { figure, largest, request } from "./lib/client";
import { startProductionServer, type ProductionServer } from "./lib/production-entry";

/**
 * A merchant's webhook receiver that is down (connection refused), then slow (answers
 * after the attempt deadline), then back: with a short WEBHOOK_RETRY_SCHEDULE every
 * event ends delivered, each with one stable Webhook-Id across all its attempts, the
 * body and signature intact on the attempt that succeeded. `npm start`'s server (a child
 * process) takes the payins and its own worker delivers.
 */
const EVENTS = 120;
const PHASE_MS = 2500;
const TIMEOUT_MS = 300;

type Mode = "down" | "slow" | "up";
interface Seen {
  id: string;
  phase: Mode;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One URL throughout; what answers there changes. */
class Receiver {
  mode: Mode = "down";
  seen: Seen[] = [];
  port = 0;
  private server: http.Server | null = null;

  async reservePort(): Promise<void> {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    this.port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async setMode(mode: Mode): Promise<void> {
    this.mode = mode;
    if (mode === "down") return this.stop();
    if (this.server) return;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const phase = this.mode;
        this.seen.push({ id: String(req.headers["webhook-id"]), phase, body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
        const answer = () => {
          if (!res.destroyed) res.writeHead(200).end("ok");
        };
        if (phase === "slow") setTimeout(answer, TIMEOUT_MS * 4);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let app: TestApp;
const receiver = new Receiver();
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;

let server: ProductionServer;

beforeAll(async () => {
  await receiver.reservePort();
  app = await startTestApp();
  merchant = await app.createMerchant({ webhookUrl: { test: receiver.url } });
  // `npm start`'s server with its own worker: the schedule of D10, shortened (15 retries
  // within ~12 s, 300 ms per attempt), outcomes at once.
  server = await startProductionServer(app.database.url!, {
    WORKER_ENABLED: "1",
    WORKER_INTERVAL_MS: "20",
    SANDBOX_DELAY_MS: "0",
    WEBHOOK_RETRY_SCHEDULE: "0.2,0.3,0.5,0.5,1,1,1,1,1,1,1,1,1,1,1",
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});
afterAll(async () => {
  await server?.stop();
  await receiver.stop();
  await app?.close();
});

/** Lets the server's worker run for `ms`, or until `until()` holds. */
async function waitFor(ms: number, until?: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (until && (await until())) return;
    await sleep(50);
  }
}

describe("a webhook receiver that is down, then slow, then back", () => {
  it("ends with 100 % delivered and one stable Webhook-Id per event", async () => {
    const db = app.database.db;
    await receiver.setMode("down");
    for (let i = 0; i < EVENTS; i++) {
      const out = await request(server.baseUrl, "/api/v1/merchant/payin", { key: merchant.testApiKey, json: payinRequest({ order_id: `outage-${i}` }) });
      expect(out.ok && out.res.status).toBe(200);
    }
    // Down: the payins settle (status change -> outbox) and every attempt is refused.
    const settled = async () => {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(and(eq(transactions.merchantId, merchant.merchantId), eq(transactions.status, "pending")));
      return n === 0;
    };
    await waitFor(30_000, settled);
    expect(await settled()).toBe(true);
    await waitFor(PHASE_MS);
    const txIds = (await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.merchantId, merchant.merchantId))).map((r) => r.id);
    const events = await db.select().from(webhookEvents).where(and(eq(webhookEvents.merchantId, merchant.merchantId), inArray(webhookEvents.transactionId, txIds)));
    expect(events).toHaveLength(EVENTS);
    expect(events.every((e) => e.state === "pending" && e.attemptCount >= 1 && e.lastError === "connection refused")).toBe(true);

    // Slow: the receiver gets the requests but answers after the deadline.
    await receiver.setMode("slow");
    await waitFor(PHASE_MS);
    const slowSeen = receiver.seen.filter((s) => s.phase === "slow").length;
    expect(slowSeen).toBeGreaterThan(0);

    // Back: everything is delivered.
    await receiver.setMode("up");
    const allDelivered = async () => {
      const rows = await db.select({ state: webhookEvents.state }).from(webhookEvents).where(inArray(webhookEvents.id, events.map((e) => e.id)));
      return rows.every((r) => r.state === "delivered");
    };
    await waitFor(30_000, allDelivered);
    expect(await allDelivered()).toBe(true);

    const ids = new Set(events.map((e) => e.id));
    const byId = new Map<string, Seen[]>();
    for (const s of receiver.seen) byId.set(s.id, [...(byId.get(s.id) ?? []), s]);
    // Every request carried the id of one of our events, and every event arrived.
    expect([...byId.keys()].every((id) => ids.has(id))).toBe(true);
    expect(byId.size).toBe(EVENTS);
    for (const e of events) {
      const got = byId.get(e.id)!;
      // Same id, same bytes on every attempt; the successful one verifies.
      expect(new Set(got.map((g) => g.body))).toEqual(new Set([e.body]));
      const ok = got.filter((g) => g.phase === "up");
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(verifyWebhookSignature(ok[0].body, ok[0].headers as Record<string, string>, merchant.webhookSecret)).toBe(true);
    }
    const attempts = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.eventId, [...ids]));
    const final = await db.select().from(webhookEvents).where(inArray(webhookEvents.id, [...ids]));
    // The log holds every attempt the counters count.
    expect(attempts.length).toBe(final.reduce((s, e) => s + e.attemptCount, 0));
    expect(final.every((e) => e.attemptCount >= 2)).toBe(true);

    figure("webhook outage", {
      events: EVENTS,
      delivered: final.filter((e) => e.state === "delivered").length,
      deliveredPct: (100 * final.filter((e) => e.state === "delivered").length) / EVENTS,
      attempts: attempts.length,
      maxAttemptsPerEvent: largest(final.map((e) => e.attemptCount)),
      refused: attempts.filter((a) => a.error === "connection refused").length,
      timedOut: attempts.filter((a) => a.error?.startsWith("timeout")).length,
      requestsSeenWhileSlow: slowSeen,
      distinctWebhookIds: byId.size,
    });
  });
});
