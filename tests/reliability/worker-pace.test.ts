import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { payinRequest } from "../helpers/payments";
import type { SandboxOutcome } from "../helpers/sandbox-numbers";
import { createMerchant } from "@/server/merchants/create-merchant";
import { seedReferenceData } from "@/server/seed/reference-data";
import { figure, makeAgent, request, type ClientResult } from "./lib/client";
import { startProductionServer, type ProductionServer } from "./lib/production-entry";

/**
 * The worker keeps pace (issue 16): `npm start`'s server (child process, its in-process worker,
 * default WORKER_INTERVAL_MS of 1 s) receives 200 payins at a steady 10 per second with
 * SANDBOX_DELAY_MS=300. Every payin must reach its outcome, each within LAG_BOUND_MS of
 * its creation. A generous bound, not a micro-timing: it fails when the worker falls
 * behind grossly (tens of seconds, as before issue 16), not on a busy machine's jitter.
 * The measured figures are in docs/benchmarks.md (bench: `--only worker`).
 */
const PAYINS = 200;
const RATE_PER_S = 10;
const SANDBOX_DELAY_MS = 300;
const LAG_BOUND_MS = 8_000;
const CHILD_ENV = { WORKER_ENABLED: "1", SANDBOX_DELAY_MS: String(SANDBOX_DELAY_MS), API_WORKERS: "1" };

let database: TestDatabase;
let merchantKey: string;
let merchantId: string;
let server: ProductionServer;
let base = "";

beforeAll(async () => {
  database = await createTestDatabase({ poolMax: 3 });
  await seedReferenceData(database.db);
  const m = await createMerchant(database.db, {
    name: "Worker pace",
    owner: { email: `pace-${Date.now()}@example.com`, password: "worker-pace-password" },
    withApiKeys: true,
  });
  merchantKey = m.testApiKey!;
  merchantId = m.merchantId;
  server = await startProductionServer(database.url!, CHILD_ENV);
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe("the worker keeps pace with a steady payin rate", () => {
  it(`${PAYINS} payins at ${RATE_PER_S}/s each reach their outcome within ${LAG_BOUND_MS / 1000} s`, async () => {
    const agent = makeAgent(64);
    const outcomes: SandboxOutcome[] = ["successful", "failed", "cancelled", "successful"];
    const started = Date.now();
    const sends: Promise<ClientResult>[] = [];
    for (let i = 0; i < PAYINS; i++) {
      await new Promise((res) => setTimeout(res, Math.max(0, started + (i * 1000) / RATE_PER_S - Date.now())));
      sends.push(request(base, "/api/v1/merchant/payin", { key: merchantKey, json: payinRequest({ order_id: `pace-${i}`, outcome: outcomes[i % 4] }), agent, timeoutMs: 15_000 }));
    }
    const results = await Promise.all(sends);
    agent.destroy();
    expect(results.filter((r) => !r.ok || r.res.status !== 200).length, "payins refused").toBe(0);

    const settle = Date.now() + 30_000;
    let pending = -1;
    while (Date.now() < settle) {
      const rows = await database.db.execute(sql`select count(*)::int as n from transactions where merchant_id = ${merchantId} and status = 'pending'`);
      pending = Number((rows as unknown as { rows?: Array<{ n: number }> }).rows?.[0]?.n ?? (rows as unknown as Array<{ n: number }>)[0]?.n);
      if (pending === 0) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const lagRows = await database.db.execute(sql`
      select extract(epoch from (e.created_at - t.created_at)) * 1000 as ms
        from transactions t join transaction_events e on e.transaction_id = t.id and e.from_status = 'pending'
       where t.merchant_id = ${merchantId}`);
    const list = ((lagRows as unknown as { rows?: Array<{ ms: string }> }).rows ?? (lagRows as unknown as Array<{ ms: string }>)).map((r) => Number(r.ms)).sort((a, b) => a - b);
    const pct = (p: number) => Math.round(list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN);
    figure("worker-pace", { payins: PAYINS, ratePerS: RATE_PER_S, outcomes: list.length, lagP50Ms: pct(50), lagP99Ms: pct(99), lagMaxMs: Math.round(list[list.length - 1] ?? NaN) });
    expect(pending).toBe(0);
    expect(list.length).toBe(PAYINS);
    expect(list.filter((ms) => ms > LAG_BOUND_MS), `outcomes later than ${LAG_BOUND_MS} ms after creation`).toEqual([]);
  }, 120_000);
});
