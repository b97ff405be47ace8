import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { transactions, type Transaction } from "@/server/db/schema";
import { resetEnvCache } from "@/server/env";
import { resetConnectorHealth } from "@/server/connectors/health";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { sandboxPhonePrefixes } from "./sandbox-numbers";
import type { TestApp } from "./app";

/** Live-mode rails tests: environment per test, phone numbers of the fakes, the worker driven by hand. */

/** Sets env variables (undefined removes), re-reads the environment; returns the undo. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const before: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(vars)) {
    before[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetConnectorHealth();
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    resetConnectorHealth();
  };
}

/** What every live test sets: callbacks back to the test app, quick polls, a small breaker. */
export function railsEnv(app: TestApp, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PUBLIC_BASE_URL: app.baseUrl,
    CONNECTOR_POLL_SECONDS: "0.1",
    CONNECTOR_MAX_POLL_SECONDS: "0.3",
    CONNECTOR_TIMEOUT_MS: "1500",
    CONNECTOR_BREAKER_THRESHOLD: "3",
    CONNECTOR_BREAKER_COOLDOWN_SECONDS: "1",
    ...extra,
  };
}

/** The fakes choose the outcome by the last 4 digits (tests/fakes/README.md). */
export const FAKE = { ok: "1234", insufficient: "0001", declined: "0002", never: "0003", expired: "0004", other: "0005" } as const;
export const fakePhone = (country: string, suffix: string) => `${sandboxPhonePrefixes[country]}${suffix}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function row(app: TestApp, id: string): Promise<Transaction> {
  const [t] = await app.database.db.select().from(transactions).where(eq(transactions.id, id));
  return t;
}

export async function transactionCount(app: TestApp): Promise<number> {
  const [r] = await app.database.db.select({ n: count() }).from(transactions);
  return Number(r.n);
}

/** Waits for the stored status (optionally running worker batches meanwhile). */
export async function settle(app: TestApp, id: string, opts: { worker?: boolean; timeoutMs?: number } = {}): Promise<Transaction> {
  const until = Date.now() + (opts.timeoutMs ?? 8000);
  for (;;) {
    if (opts.worker) await runWorkerBatch(app.database.db);
    const t = await row(app, id);
    if (t.status !== "pending") return t;
    if (Date.now() > until) return t;
    await sleep(50);
  }
}

/** The 2.3 view of a transaction through the API. */
export async function apiStatus(app: TestApp, key: string | null, id: string) {
  const res = await app.request(`/api/v1/merchant/transactions/${id}`, { key });
  expect(res.status).toBe(200);
  return res.body.data as { status: string; transaction_id: string };
}

/** The ledger posting kinds of a transaction, in order, each once (payout_reserve, payout_settle...). */
export async function postingKinds(app: TestApp, id: string): Promise<string[]> {
  const { ledgerKinds } = await import("./payments");
  return [...new Set((await ledgerKinds(app.database.db, id)).map((k) => k.split(":")[0]))];
}
