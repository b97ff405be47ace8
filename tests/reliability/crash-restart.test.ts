import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { payinRequest, payoutRequest } from "../helpers/payments";
import type { SandboxOutcome } from "../helpers/sandbox-numbers";
import { checkLedger } from "@/server/ledger/invariants";
import { createMerchant } from "@/server/merchants/create-merchant";
import { creditWallet } from "@/server/ledger/operator-credit";
import { seedReferenceData } from "@/server/seed/reference-data";
import { figure, makeAgent, request, type ClientResult } from "./lib/client";
import { freePort, spawnProductionEntry } from "./lib/production-entry";

/**
 * `npm start`'s server (`scripts/production-entry.ts`, a child process on its own PostgreSQL
 * database, with its in-process worker) is SIGKILLed 5 times under a payin/payout load
 * and restarted. Afterwards: every request that got a 200 exists as answered; every
 * status change has exactly one event (transaction_events vs webhook_events); every
 * event is delivered to the local receiver; nothing is left pending; the ledger balances.
 */
const KILLS = 5;
const CLIENTS = 24;
const CHILD_ENV = {
  SEED_DEMO: "0",
  WORKER_ENABLED: "1",
  WORKER_INTERVAL_MS: "50",
  // Outcomes land while the load runs, so kills hit status changes and deliveries too.
  SANDBOX_DELAY_MS: "300",
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,2,2,5,5,10,10",
  LOG_LEVEL: "warn",
  API_WORKERS: "1",
};

interface Sent {
  kind: "payin" | "payout";
  orderId: string;
  amount: number;
  result: ClientResult;
}

let database: TestDatabase;
let merchantKey: string;
let merchantId: string;
let port: number;
let child: ChildProcess | null = null;
const logFile = path.join(os.tmpdir(), `sika-crash-test-${process.pid}.log`);
const received: Array<{ id: string; body: string }> = [];
let receiver: http.Server;

async function startChild(): Promise<number> {
  const out = fs.openSync(logFile, "a");
  const started = Date.now();
  child = spawnProductionEntry({ ...CHILD_ENV, DATABASE_URL: database.url! }, port, out);
  fs.closeSync(out);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    const r = await request(`http://127.0.0.1:${port}`, "/api/readyz", { timeoutMs: 1000 });
    if (r.ok && r.res.status === 200) return Date.now() - started;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`server not ready; see ${logFile}`);
}

async function killChild(): Promise<void> {
  const c = child;
  child = null;
  if (!c || c.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
  c.kill("SIGKILL");
  await exited;
}

/** CLIENTS loops sending payins and payouts (mixed sandbox outcomes) until `stop()`. */
function startLoad(sent: Sent[], cycle: number) {
  let running = true;
  const agent = makeAgent(CLIENTS);
  const outcomes: SandboxOutcome[] = ["successful", "successful", "failed", "cancelled"];
  const loops = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; running; i++) {
      const kind = (c + i) % 3 === 0 ? "payout" : "payin";
      const outcome = outcomes[(c * 7 + i) % outcomes.length];
      const orderId = `crash-${cycle}-${c}-${i}`;
      const amount = 1000 + ((c + i) % 7) * 5;
      const json =
        kind === "payin"
          ? payinRequest({ amount, order_id: orderId, outcome })
          : payoutRequest({ amount, order_id: orderId, outcome: outcome === "cancelled" ? "failed" : outcome });
      const result = await request(`http://127.0.0.1:${port}`, `/api/v1/merchant/${kind}`, { key: merchantKey, json, agent, timeoutMs: 10_000 });
      sent.push({ kind, orderId, amount, result });
      if (!result.ok) await new Promise((res) => setTimeout(res, 50));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    agent.destroy();
  };
}

beforeAll(async () => {
  database = await createTestDatabase({ poolMax: 5 });
  await seedReferenceData(database.db);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ id: String(req.headers["webhook-id"]), body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const m = await createMerchant(database.db, {
    name: "Crash test",
    owner: { email: `crash-${Date.now()}@example.com`, password: "crash-test-password" },
    withApiKeys: true,
    webhookUrl: { test: hookUrl },
  });
  merchantKey = m.testApiKey!;
  merchantId = m.merchantId;
  await creditWallet(database.db, { merchantId, mode: "test", currency: "XOF", amount: 10n ** 12n, reference: "crash-fund", reason: "test" });
  port = await freePort();
});
afterAll(async () => {
  await killChild();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await database.destroy();
});

type Row = Record<string, unknown>;

describe(`SIGKILL npm start's server ${KILLS} times under load, then restart it`, () => {
  it("loses nothing: every 200 stored, one event per status change, every event delivered, ledger balanced", async () => {
    const sent: Sent[] = [];
    const startupMs: number[] = [];
    for (let cycle = 0; cycle < KILLS; cycle++) {
      startupMs.push(await startChild());
      const before = sent.length;
      const stop = startLoad(sent, cycle);
      // Kill once the server is really serving (a cold production process on a busy
      // machine may answer its first requests slowly), at a random point after that.
      const servingBy = Date.now() + 20_000;
      const answered = () => sent.slice(before).filter((s) => s.result.ok && s.result.res.status === 200).length;
      while (answered() < 40 && Date.now() < servingBy) await new Promise((res) => setTimeout(res, 50));
      await new Promise((res) => setTimeout(res, 1000 + Math.floor(Math.random() * 1500)));
      await killChild(); // mid-load: requests, outcomes and deliveries in flight
      await stop();
    }
    startupMs.push(await startChild());

    const sql = database.url ? (await import("postgres")).default(database.url, { max: 2, onnotice: () => {} }) : null;
    if (!sql) throw new Error("the crash test needs PostgreSQL");
    try {
      // Let the restarted process finish the work: outcomes applied, events delivered.
      // (Events a killed worker had claimed come back when their 30 s lease runs out.)
      const deadline = Date.now() + 120_000;
      let pending: Row = {};
      while (Date.now() < deadline) {
        [pending] = await sql`
          select (select count(*)::int from transactions where merchant_id = ${merchantId} and status = 'pending') as tx,
                 (select count(*)::int from webhook_events where merchant_id = ${merchantId} and state <> 'delivered') as ev`;
        if (pending.tx === 0 && pending.ev === 0) break;
        await new Promise((res) => setTimeout(res, 500));
      }
      expect(pending).toEqual({ tx: 0, ev: 0 });

      const ok = sent.flatMap((s) => (s.result.ok ? [{ ...s, res: s.result.res }] : []));
      const answered200 = ok.filter((s) => s.res.status === 200);
      expect(ok.filter((s) => s.res.status >= 500).map((s) => s.res.text)).toEqual([]);
      expect(answered200.length).toBeGreaterThan(100);

      // 1. Every request that got a 200 exists, as it was answered.
      const rows = await sql`select id, type, order_id, amount::text, fee::text, charged_amount::text, status from transactions where merchant_id = ${merchantId}`;
      const byId = new Map(rows.map((r) => [r.id as string, r]));
      for (const s of answered200) {
        const d = s.res.body.data;
        const row = byId.get(d.transaction_id);
        expect(row, `${s.kind} ${s.orderId} answered 200 but is not stored`).toBeDefined();
        expect(row!.type).toBe(s.kind);
        expect(row!.order_id).toBe(s.orderId);
        expect(Number(row!.charged_amount) / 100).toBe(d.charged_amount);
      }
      // Requests cut off by a kill may or may not have committed; those that did are whole.
      expect(rows.every((r) => r.status !== "pending")).toBe(true);

      // 2. Every status change has exactly one event, announcing the status it changed to.
      const mismatches = await sql`
        with changes as (
          select transaction_id, count(*)::int as n, max(to_status::text) as to_status from transaction_events
           where from_status is not null group by transaction_id),
        events as (
          select transaction_id, count(*)::int as n, max(status) as status from webhook_events
           where kind = 'status_change' and merchant_id = ${merchantId} group by transaction_id)
        select t.id, coalesce(c.n, 0) as changes, coalesce(e.n, 0) as events, c.to_status, e.status
          from transactions t
          left join changes c on c.transaction_id = t.id
          left join events e on e.transaction_id = t.id
         where t.merchant_id = ${merchantId}
           and (coalesce(c.n, 0) <> 1 or coalesce(e.n, 0) <> 1 or c.to_status <> e.status or e.status <> t.status::text)`;
      expect(mismatches).toEqual([]);

      // 3. Every event delivered after the restart, to the receiver.
      const events = await sql`select id from webhook_events where merchant_id = ${merchantId}`;
      const arrived = new Set(received.map((r) => r.id));
      expect(events.filter((e) => !arrived.has(e.id as string)).map((e) => e.id)).toEqual([]);

      // 4. The ledger balances and no wallet went negative.
      const ledger = await checkLedger(database.db);
      expect(ledger).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });

      figure("crash/restart", {
        kills: KILLS,
        requests: sent.length,
        answered200: answered200.length,
        answered4xx: ok.filter((s) => s.res.status >= 400 && s.res.status < 500).length,
        noAnswer: sent.length - ok.length, // in flight at a kill, or sent while it was down
        transactions: rows.length,
        storedWithoutAnswer: rows.length - answered200.length,
        statusChanges: rows.length,
        webhookEvents: events.length,
        deliveries: received.length,
        duplicateDeliveries: received.length - arrived.size,
        ledgerTotal: Number(ledger.total),
        restartMsAvg: startupMs.reduce((a, b) => a + b, 0) / startupMs.length,
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
