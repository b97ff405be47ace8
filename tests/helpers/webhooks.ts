import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { transactions, webhookEvents, type Mode, type Transaction } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { enqueueTransactionEvent } from "@/server/webhooks/outbox";

/**
 * A real HTTP webhook receiver on 127.0.0.1 for tests: records every request with its raw
 * body bytes, and answers what `respond` says (status, delay, body) for the n-th request.
 */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  path: string;
  at: number;
}

export interface Reply {
  status?: number;
  delayMs?: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  respond: (req: ReceivedWebhook, n: number) => Reply;
  idsSeen(): Map<string, number>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Receiver["respond"] = () => ({ status: 200 })): Promise<Receiver> {
  const receiver = { received: [] as ReceivedWebhook[], respond } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got: ReceivedWebhook = { headers: req.headers, raw: Buffer.concat(chunks), path: req.url ?? "/", at: Date.now() };
      receiver.received.push(got);
      const reply = receiver.respond(got, receiver.received.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "ok");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.idsSeen = () => {
    const counts = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers["webhook-id"]);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

/** A port nothing listens on (bound, then released). */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

/** A transaction row as the payments core would write it (only what webhooks read). */
export function transactionRow(input: { merchantId: string; mode?: Mode; callbackUrl?: string | null; status?: Transaction["status"] }) {
  return {
    id: newId("payin"),
    merchantId: input.merchantId,
    mode: input.mode ?? ("test" as Mode),
    type: "payin" as const,
    status: input.status ?? ("successful" as const),
    requestedAmount: 100000n,
    amount: 100000n,
    fee: 1500n,
    chargedAmount: 101500n,
    currency: "XOF",
    orderId: `order-${Math.random().toString(36).slice(2, 10)}`,
    countryCode: "CI",
    network: "orange",
    phoneNumber: "2250700000000",
    callbackUrl: input.callbackUrl ?? null,
    connector: "sandbox",
  };
}

/** Inserts a transaction and its status-change event, as the lifecycle does. Returns both ids. */
export async function transactionWithEvent(db: DbOrTx, input: Parameters<typeof transactionRow>[0]): Promise<{ transaction: Transaction; eventId: string }> {
  const [transaction] = await db.insert(transactions).values(transactionRow(input)).returning();
  const eventId = await enqueueTransactionEvent(db, transaction);
  return { transaction, eventId };
}

export async function eventsById(db: DbOrTx, ids: string[]) {
  const rows = await db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function eventById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true or the deadline passes; returns the last value. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, everyMs = 10): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}
