import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, migrate } from "@/server/db/client";
import { checkLedger } from "@/server/ledger/invariants";
import { creditWallet } from "@/server/ledger/operator-credit";
import { createMerchant } from "@/server/merchants/create-merchant";
import { seedReferenceData } from "@/server/seed/reference-data";
import { startOwnPostgres, type OwnPostgres } from "../helpers/own-postgres";
import { payinRequest, payoutRequest } from "../helpers/payments";
import type { SandboxOutcome } from "../helpers/sandbox-numbers";
import { figure, largest, makeAgent, request, type ClientResult } from "./lib/client";
import { spawnProductionEntry } from "./lib/production-entry";

/**
 * PostgreSQL restarted under load (issue 16). The test runs its OWN PostgreSQL server
 * (initdb into a temporary folder, port PG_PORT; the shared server is never touched) and
 * `npm start`'s server against it as a child process with its in-process worker. 50 clients
 * send payins and payouts (half with an Idempotency-Key) while PostgreSQL is restarted 3
 * times (`pg_ctl restart -m fast`, as a failover or minor upgrade does), then 30 s more
 * with the database up. Afterwards: every 200 is stored; no stored transaction was
 * answered with an error (a keyed 503 is retried with its key and must replay the stored
 * one); the only errors are 503 with Retry-After; nothing stays pending; one event per
 * status change, all delivered; the ledger balances; no request took over 5 s; the clean
 * run after the last restart has zero errors (no broken connection left behind).
 */
// Below Linux's ephemeral range (32768-60999): at 55432 a client connection's own local
// port once took it just before this test, and its server could not listen (CI, 2026-12-01).
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 25432);
const API_PORT = Number(process.env.FAULT_API_PORT ?? 3711);
const CLIENTS = 50;
const FAULT_PHASE_MS = 27_000;
const RESTART_AT_MS = [6_000, 14_000, 22_000];
const CLEAN_PHASE_MS = 30_000;
const SLOW_MS = 5_000;
const CHILD_ENV = {
  SEED_DEMO: "0",
  WORKER_ENABLED: "1",
  WORKER_INTERVAL_MS: "50",
  SANDBOX_DELAY_MS: "300",
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,2,2,5,5,10,10",
  LOG_LEVEL: "warn",
  API_WORKERS: "1",
};

interface Sent {
  phase: "fault" | "clean";
  kind: "payin" | "payout";
  orderId: string;
  idemKey: string | null;
  json: unknown;
  ms: number;
  result: ClientResult;
}

let pg: OwnPostgres;
let merchantKey: string;
let merchantId: string;
let child: ChildProcess | null = null;
const logFile = path.join(os.tmpdir(), `sika-failover-test-${process.pid}.log`);
const received: Array<{ id: string }> = [];
let receiver: http.Server;
const base = `http://127.0.0.1:${API_PORT}`;

async function startChild(): Promise<void> {
  const out = fs.openSync(logFile, "w");
  child = spawnProductionEntry({ ...CHILD_ENV, DATABASE_URL: pg.url }, API_PORT, out);
  fs.closeSync(out);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    const r = await request(base, "/api/readyz", { timeoutMs: 1000 });
    if (r.ok && r.res.status === 200) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`server not ready; see ${logFile}`);
}

function startLoad(sent: Sent[], phase: Sent["phase"]) {
  let running = true;
  const agent = makeAgent(CLIENTS);
  const outcomes: SandboxOutcome[] = ["successful", "successful", "failed", "cancelled"];
  const loops = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; running; i++) {
      const kind = (c + i) % 3 === 0 ? "payout" : "payin";
      const outcome = outcomes[(c * 7 + i) % outcomes.length];
      const orderId = `fo-${phase}-${c}-${i}`;
      const amount = 1000 + ((c + i) % 7) * 5;
      const idemKey = c % 2 === 0 ? `idem-${orderId}` : null;
      const json =
        kind === "payin"
          ? payinRequest({ amount, order_id: orderId, outcome })
          : payoutRequest({ amount, order_id: orderId, outcome: outcome === "cancelled" ? "failed" : outcome });
      const started = performance.now();
      const result = await request(base, `/api/v1/merchant/${kind}`, {
        key: merchantKey,
        json,
        agent,
        timeoutMs: 15_000,
        headers: idemKey ? { "idempotency-key": idemKey } : {},
      });
      sent.push({ phase, kind, orderId, idemKey, json, ms: performance.now() - started, result });
      if (!result.ok || result.res.status !== 200) await new Promise((res) => setTimeout(res, 100));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    agent.destroy();
  };
}

beforeAll(async () => {
  pg = startOwnPostgres(PG_PORT);
  const handle = await openPostgres(pg.url, 2);
  try {
    await migrate(handle);
    await seedReferenceData(handle.db);
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push({ id: String(req.headers["webhook-id"]) });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const m = await createMerchant(handle.db, {
      name: "Failover test",
      owner: { email: `failover-${Date.now()}@example.com`, password: "failover-test-password" },
      withApiKeys: true,
      webhookUrl: { test: hookUrl },
    });
    merchantKey = m.testApiKey!;
    merchantId = m.merchantId;
    await creditWallet(handle.db, { merchantId, mode: "test", currency: "XOF", amount: 10n ** 12n, reference: "failover-fund", reason: "test" });
  } finally {
    await handle.close();
  }
  await startChild();
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const c = child;
    const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
    c.kill("SIGTERM");
    await exited;
  }
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  pg?.destroy();
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};

describe("PostgreSQL restarted 3 times under load (own server)", () => {
  it("answers only what happened, recovers by itself, and loses nothing", async () => {
    const sent: Sent[] = [];
    const restartMs: number[] = [];
    const stopFault = startLoad(sent, "fault");
    const t0 = Date.now();
    for (const at of RESTART_AT_MS) {
      await new Promise((res) => setTimeout(res, at - (Date.now() - t0)));
      const r = Date.now();
      await pg.restart("fast");
      restartMs.push(Date.now() - r);
    }
    await new Promise((res) => setTimeout(res, FAULT_PHASE_MS - (Date.now() - t0)));
    await stopFault();
    const stopClean = startLoad(sent, "clean");
    await new Promise((res) => setTimeout(res, CLEAN_PHASE_MS));
    await stopClean();

    // What was stored before any retry: an error answered for one of these is a stored
    // transaction answered with an error.
    const snapshot = (await import("postgres")).default(pg.url, { max: 1, onnotice: () => {} });
    const storedBeforeRetry = new Set((await snapshot`select order_id from transactions where merchant_id = ${merchantId}`).map((r) => r.order_id as string));
    await snapshot.end({ timeout: 2 });

    // A keyed request that got no 200: the client retries with its key (now, DB up).
    const keyedFailures = sent.filter((s) => s.idemKey && !(s.result.ok && s.result.res.status === 200));
    const retries = new Map<string, ClientResult>();
    for (const s of keyedFailures) {
      retries.set(s.orderId, await request(base, `/api/v1/merchant/${s.kind}`, { key: merchantKey, json: s.json, timeoutMs: 10_000, headers: { "idempotency-key": s.idemKey! } }));
    }

    const handle = await openPostgres(pg.url, 2);
    const sql = (await import("postgres")).default(pg.url, { max: 2, onnotice: () => {} });
    try {
      const deadline = Date.now() + 90_000;
      let pending: Record<string, unknown> = {};
      while (Date.now() < deadline) {
        [pending] = await sql`
          select (select count(*)::int from transactions where merchant_id = ${merchantId} and status = 'pending') as tx,
                 (select count(*)::int from webhook_events where merchant_id = ${merchantId} and state <> 'delivered') as ev`;
        if (pending.tx === 0 && pending.ev === 0) break;
        await new Promise((res) => setTimeout(res, 500));
      }
      const drainedMs = 90_000 - (deadline - Date.now());

      const rows = await sql`select id, type, order_id, charged_amount::text, status from transactions where merchant_id = ${merchantId}`;
      const byOrder = new Map(rows.map((r) => [r.order_id as string, r]));
      const answered = sent.flatMap((s) => (s.result.ok ? [{ ...s, res: s.result.res }] : []));
      const ok200 = answered.filter((s) => s.res.status === 200);
      const errorsOf = (phase: Sent["phase"]) => sent.filter((s) => s.phase === phase && !(s.result.ok && s.result.res.status === 200));
      const describe = (s: Sent) => `${s.kind} ${s.orderId}: ${s.result.ok ? `${s.result.res.status} ${s.result.res.text.slice(0, 120)}` : s.result.error}`;

      // Every check is collected first, so one run reports all that is wrong, with figures.
      const soft: Array<() => void> = [];
      const check = (fn: () => void) => soft.push(fn);

      // 1. Every 200 stored, as answered.
      const missing = ok200.filter((s) => byOrder.get(s.orderId)?.id !== s.res.body.data.transaction_id).map(describe);
      check(() => expect(missing, "answered 200 but not stored").toEqual([]));

      // 2. Errors: only 503 "Service unavailable" with Retry-After, never a 500 or no answer.
      const badErrors = sent.filter((s) => {
        if (!s.result.ok) return true;
        const r = s.result.res;
        if (r.status === 200) return false;
        return !(r.status === 503 && r.body?.message === "Service unavailable" && r.headers["retry-after"]);
      });
      check(() => expect(badErrors.map(describe), "errors other than 503 + Retry-After").toEqual([]));

      // 3. No stored transaction answered with an error. Without a key: must not happen.
      // With a key: reported, and the key's retry must return the stored transaction.
      const storedButError = errorsOf("fault").concat(errorsOf("clean")).filter((s) => storedBeforeRetry.has(s.orderId));
      const unkeyedStored = storedButError.filter((s) => !s.idemKey);
      check(() => expect(unkeyedStored.map(describe), "stored, answered with an error, no key to recover it").toEqual([]));
      const keyedRetryBad = keyedFailures.filter((s) => {
        const r = retries.get(s.orderId)!;
        const row = byOrder.get(s.orderId);
        if (!r.ok || r.res.status !== 200) return true;
        return row ? r.res.body.data.transaction_id !== row.id : false;
      });
      check(() => expect(keyedRetryBad.map(describe), "Idempotency-Key retry after an error").toEqual([]));

      // 4. Nothing stuck pending, every event delivered.
      check(() => expect(pending).toEqual({ tx: 0, ev: 0 }));
      const mismatches = await sql`
        with changes as (
          select transaction_id, count(*)::int as n, max(to_status::text) as to_status from transaction_events
           where from_status is not null group by transaction_id),
        events as (
          select transaction_id, count(*)::int as n, max(status) as status from webhook_events
           where kind = 'status_change' and merchant_id = ${merchantId} group by transaction_id)
        select t.id, coalesce(c.n, 0) as changes, coalesce(e.n, 0) as events
          from transactions t
          left join changes c on c.transaction_id = t.id
          left join events e on e.transaction_id = t.id
         where t.merchant_id = ${merchantId}
           and (coalesce(c.n, 0) <> 1 or coalesce(e.n, 0) <> 1 or c.to_status <> e.status or e.status <> t.status::text)`;
      check(() => expect(mismatches).toEqual([]));
      const events = await sql`select id from webhook_events where merchant_id = ${merchantId}`;
      const arrived = new Set(received.map((r) => r.id));
      check(() => expect(events.filter((e) => !arrived.has(e.id as string)).map((e) => e.id)).toEqual([]));

      // 5. Ledger zero.
      const ledger = await checkLedger(handle.db);
      check(() => expect(ledger).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 }));

      // 6. No request slower than 5 s; 7. the clean run after the last restart: zero errors.
      const slow = sent.filter((s) => s.ms > SLOW_MS).map((s) => `${describe(s)} (${Math.round(s.ms)} ms)`);
      check(() => expect(slow, "requests slower than 5 s").toEqual([]));
      check(() => expect(errorsOf("clean").map(describe), "errors in the clean run").toEqual([]));

      const fault = sent.filter((s) => s.phase === "fault");
      const clean = sent.filter((s) => s.phase === "clean");
      // Worker pace under this load: creation -> outcome of the clean run's transactions (sandbox delay 300 ms).
      const [lag] = await sql`
        select coalesce(percentile_cont(0.5) within group (order by ms), 0)::int as p50, coalesce(percentile_cont(0.99) within group (order by ms), 0)::int as p99
          from (select extract(epoch from (e.created_at - t.created_at)) * 1000 as ms
                  from transactions t join transaction_events e on e.transaction_id = t.id and e.from_status = 'pending'
                 where t.merchant_id = ${merchantId} and t.order_id like 'fo-clean-%') x`;
      figure("db-failover latency", {
        faultP50Ms: pct(fault.map((s) => s.ms), 50),
        faultP99Ms: pct(fault.map((s) => s.ms), 99),
        cleanP50Ms: pct(clean.map((s) => s.ms), 50),
        cleanP99Ms: pct(clean.map((s) => s.ms), 99),
        cleanMaxMs: largest(clean.map((s) => s.ms)),
        slowOver5s: sent.filter((s) => s.ms > SLOW_MS).length,
        clientTimeouts: sent.filter((s) => !s.result.ok).length,
      });
      figure("db-failover", {
        restarts: RESTART_AT_MS.length,
        restartMsAvg: restartMs.reduce((a, b) => a + b, 0) / restartMs.length,
        requests: sent.length,
        answered200: ok200.length,
        faultErrors: errorsOf("fault").length,
        faultP99Ms: pct(fault.map((s) => s.ms), 99),
        maxMs: largest(sent.map((s) => s.ms)),
        cleanRequests: sent.length - fault.length,
        cleanErrors: errorsOf("clean").length,
        keyedErrorsStored: storedButError.length,
        transactions: rows.length,
        deliveries: received.length,
        drainedMs,
        outcomeLagP50Ms: lag.p50,
        outcomeLagP99Ms: lag.p99,
      });
      for (const fn of soft) fn();
    } finally {
      await sql.end({ timeout: 2 });
      await handle.close();
    }
  });
});
