import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { openPostgres, setDatabaseHandle, type DatabaseHandle } from "@/server/db/client";
import { transactions, webhookEvents } from "@/server/db/schema";
import { clearApiKeyCache } from "@/server/auth/api-keys";
import { createLeanServer } from "@/server/http/node-server";
import { routeModules } from "@/app/api/route-modules.generated";
import { createMerchant } from "@/server/merchants/create-merchant";
import { seedReferenceData } from "@/server/seed/reference-data";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { startFaultProxy, type FaultProxy } from "../helpers/pg-fault-proxy";
import { fund, payinRequest, payoutRequest, walletOf } from "../helpers/payments";
import { checkLedger } from "@/server/ledger/invariants";
import { startReceiver, transactionWithEvent, waitFor, type Receiver } from "../helpers/webhooks";

/**
 * Ambiguous commits (issue 16, docs/database-faults.md): the connection dies after the
 * server committed a write and before the client heard so. The service must find out
 * (read back on a working connection) and answer what happened: the stored result, never
 * an error for a committed write; a 503 with Retry-After only when nothing was stored.
 * The faults are real: the app talks to PostgreSQL through a TCP proxy that withholds the
 * server's reply to the chosen message and kills the connection (tests/helpers/pg-fault-proxy.ts).
 */
let database: TestDatabase;
let proxy: FaultProxy;
let handle: DatabaseHandle | undefined;
let server: http.Server;
let base: string;
let receiver: Receiver;
let m: Awaited<ReturnType<typeof createMerchant>>;

/** A fresh pool through the proxy: its connections send each statement's text (no prepared name yet). */
async function freshPool() {
  await handle?.close();
  handle = await openPostgres(proxy.url, 4);
  setDatabaseHandle(handle);
}

async function call(path: string, json?: unknown) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { authorization: `Bearer ${m.testApiKey}`, "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
}

const resendPath = (id: string) => `/api/v1/merchant/transactions/${id}/resend-webhook`;
const resendEvents = (transactionId: string) =>
  database.db.select().from(webhookEvents).where(and(eq(webhookEvents.transactionId, transactionId), eq(webhookEvents.kind, "resend")));

describe("ambiguous commits", () => {
  beforeAll(async () => {
    database = await createTestDatabase({ poolMax: 4 });
    await seedReferenceData(database.db);
    receiver = await startReceiver();
    m = await createMerchant(database.db, {
      name: "Ambiguous",
      owner: { email: `ambiguous-${Date.now()}@example.com`, password: "ambiguous-test-password" },
      withApiKeys: true,
      webhookUrl: { test: receiver.url },
    });
    await fund(database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
    proxy = await startFaultProxy(database.url!);
    clearApiKeyCache();
    server = createLeanServer({ routes: routeModules });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await handle?.close();
    await proxy?.close();
    await receiver?.close();
    await database?.destroy();
  });

  it("resend-webhook: the event committed, the answer lost -> 200, the event stored once and delivered", async () => {
    await freshPool();
    const { transaction } = await transactionWithEvent(database.db, { merchantId: m.merchantId, status: "successful" });
    const cut = proxy.cutNext(/insert into "?webhook_events"?/, "after-reply");
    const res = await call(resendPath(transaction.id));
    await cut;
    expect(res.body).toEqual({ status: "success", message: "Webhook resent", data: { transaction_id: transaction.id, webhook_url: receiver.url } });
    expect(res.status).toBe(200);
    const events = await resendEvents(transaction.id);
    expect(events).toHaveLength(1);
    expect(await waitFor(() => receiver.received.some((r) => r.headers["webhook-id"] === events[0].id), 5000)).toBe(true);
  });

  it("resend-webhook: the connection died before the event reached the server -> 503 with Retry-After, nothing stored", async () => {
    await freshPool();
    const { transaction } = await transactionWithEvent(database.db, { merchantId: m.merchantId, status: "successful" });
    const cut = proxy.cutNext(/insert into "?webhook_events"?/, "before");
    const res = await call(resendPath(transaction.id));
    await cut;
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "error", message: "Service unavailable", data: null });
    expect(res.retryAfter).toBe("1");
    expect(await resendEvents(transaction.id)).toHaveLength(0);
  });

  it("payin: the one-statement creation committed, the answer lost -> 200 with the stored payin", async () => {
    await freshPool();
    const cut = proxy.cutNext(/insert into "?transactions"?\s/, "after-reply");
    const res = await call("/api/v1/merchant/payin", payinRequest({ order_id: "ambiguous-payin" }));
    await cut;
    expect(res.status).toBe(200);
    const stored = await database.db.select().from(transactions).where(eq(transactions.orderId, "ambiguous-payin"));
    expect(stored.map((t) => t.id)).toEqual([res.body.data.transaction_id]);
  });

  it("payout: the batch's one statement committed, the answer lost -> 200 with the stored payout, reserved once", async () => {
    await freshPool();
    const before = await walletOf(database.db, { merchantId: m.merchantId, currency: "XOF" });
    const cut = proxy.cutNext(/insert into "?transactions"?\s/, "after-reply");
    const res = await call("/api/v1/merchant/payout", payoutRequest({ amount: 1000, order_id: "ambiguous-payout" }));
    await cut;
    await expectPayoutStoredOnce(res, "ambiguous-payout", before);
  });

  it("payout: the look's COMMIT went through, the answer lost -> 200 with the stored payout, reserved once", async () => {
    await freshPool();
    const before = await walletOf(database.db, { merchantId: m.merchantId, currency: "XOF" });
    // The wallet held by another transaction: the one statement writes nothing (SKIP LOCKED)
    // and the look, in BEGIN/COMMIT, waits for it, then writes; its COMMIT's answer is lost.
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from wallets where merchant_id = ${m.merchantId} and mode = 'test' and currency = 'XOF' for update`);
      locked();
      await new Promise((r) => setTimeout(r, 500));
    });
    await lockTaken;
    const cut = proxy.cutNext(/commit\0/i, "after-reply", /for update of w/);
    const res = await call("/api/v1/merchant/payout", payoutRequest({ amount: 1000, order_id: "ambiguous-payout-look" }));
    await holding;
    await cut;
    await expectPayoutStoredOnce(res, "ambiguous-payout-look", before);
  });
});

async function expectPayoutStoredOnce(res: { status: number; body: { data: { transaction_id: string } } }, orderId: string, before: { available: bigint }) {
  expect(res.status).toBe(200);
  const stored = await database.db.select().from(transactions).where(eq(transactions.orderId, orderId));
  expect(stored.map((t) => t.id)).toEqual([res.body.data.transaction_id]);
  const after = await walletOf(database.db, { merchantId: m.merchantId, currency: "XOF" });
  expect(before.available - after.available).toBe(stored[0].chargedAmount);
  expect(await checkLedger(database.db)).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });
}
