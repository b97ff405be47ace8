import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, ledgerKinds, ledgerTotal, payinRequest, payoutRequest, statusWebhooks, timeline, walletMatchesLedger, walletOf } from "../helpers/payments";
import type { SandboxOutcome } from "../helpers/sandbox-numbers";
import { applyLifecycleBatch, handleOne, lifecycleStats } from "@/server/payments/lifecycle-job";
import { applyOutcomes } from "@/server/payments/transitions";
import { transactions, wallets } from "@/server/db/schema";
import { checkLedger } from "@/server/ledger/invariants";
import { newId } from "@/server/ids";

/**
 * The lifecycle job applies a group's outcomes set-based (transitions.ts: one statement
 * for the group's status changes, timeline rows, outbox events and ledger postings). It
 * must write exactly what a row handled alone (handleOne -> applyOutcome, a group of one)
 * writes: same statuses, ledger legs, balances, timeline and webhook bodies; leave a row
 * another path settled alone; and never take a wallet below zero (the faulty row alone
 * is set aside, the rest of its group still lands).
 */
let app: TestApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const OUTCOMES: SandboxOutcome[] = ["successful", "failed", "cancelled"];

async function create(key: string, type: "payin" | "payout", outcome: SandboxOutcome, amount: number): Promise<string> {
  const json = type === "payin" ? payinRequest({ amount, outcome }) : payoutRequest({ amount, outcome });
  const res = await app.request(`/api/v1/merchant/${type}`, { method: "POST", key, json });
  expect(res.status).toBe(200);
  return res.body.data.transaction_id;
}

/** What a settled transaction wrote, without its ids and times: comparable across the two paths. */
async function footprint(id: string) {
  const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
  const hooks = await statusWebhooks(db(), id);
  const body = hooks.map((h) => {
    const { transaction_id, created_at, updated_at, order_id, ...rest } = JSON.parse(h.body);
    // The body is the row as the status change left it.
    expect(transaction_id).toBe(id);
    expect(created_at).toBe(row.createdAt.toISOString());
    expect(updated_at).toBe(row.updatedAt.toISOString());
    expect(order_id).toBe(row.orderId);
    return { ...rest, state: h.state, kind: h.kind, status: h.status };
  });
  return {
    status: row.status,
    failureReason: row.failureReason,
    pendingOutcome: row.pendingOutcome,
    nextCheckAt: row.nextCheckAt,
    completed: row.completedAt !== null && row.completedAt.getTime() === row.updatedAt.getTime(),
    ledger: await ledgerKinds(db(), id),
    timeline: await timeline(db(), id),
    hooks: body,
  };
}

describe("lifecycle groups, set-based", () => {
  it("write what the one-row path writes, for every kind of outcome, in one group", async () => {
    const a = await app.createMerchant();
    const b = await app.createMerchant(); // no wallet yet: its first credit creates it
    await fund(db(), { merchantId: a.merchantId, currency: "XOF", amount: 100_000 });
    const pairs: Array<{ grouped: string; alone: string }> = [];
    for (const [i, outcome] of OUTCOMES.entries()) {
      for (const type of ["payin", "payout"] as const) {
        for (let n = 0; n < 3; n++) {
          const amount = 1000 + 5 * (i * 10 + n);
          pairs.push({ grouped: await create(a.testApiKey!, type, outcome, amount), alone: await create(a.testApiKey!, type, outcome, amount) });
        }
      }
      pairs.push({ grouped: await create(b.testApiKey!, "payin", outcome, 2000), alone: await create(b.testApiKey!, "payin", outcome, 2000) });
    }
    // The twins through the one-row path first, then one pass of the job takes all the others.
    for (const { alone } of pairs) expect(await handleOne(db(), alone, new Date())).toBe(true);
    const before = lifecycleStats();
    expect(await applyLifecycleBatch(db())).toBe(pairs.length);
    const after = lifecycleStats();
    expect(after.fallbacks).toBe(before.fallbacks);
    expect(after.setBased - before.setBased).toBe(pairs.length);
    expect(after.groups - before.groups).toBe(1);

    for (const { grouped, alone } of pairs) {
      const g = await footprint(grouped);
      expect(g.status).not.toBe("pending");
      expect(g.timeline).toHaveLength(2);
      expect(g.hooks).toHaveLength(1);
      expect(g).toEqual(await footprint(alone));
    }
    // Balances: B's wallet exists now, holding the successful payins of both paths.
    expect((await walletOf(db(), { merchantId: b.merchantId, currency: "XOF" })).available).toBe(2n * 200_000n);
    const xofA = await walletOf(db(), { merchantId: a.merchantId, currency: "XOF" });
    expect(xofA.inFlight).toBe(0n);
    for (const m of [a, b]) expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await checkLedger(db())).toEqual({ total: 0n, unbalancedTransfers: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it("leave a transaction another path already settled alone, writing nothing for it", async () => {
    const m = await app.createMerchant();
    const id = await create(m.testApiKey!, "payin", "successful", 1000);
    const [stale] = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(await handleOne(db(), id, new Date())).toBe(true);
    const settled = await footprint(id);
    const applied = await db().transaction((tx) => applyOutcomes(tx, [{ transaction: stale, outcome: "failed", reason: "late" }], new Date()));
    expect(applied).toEqual([]);
    expect(await footprint(id)).toEqual(settled);
    expect((await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).available).toBe(100_000n);
  });

  it("credit a payin's wallet that another transaction creates while the statement runs, in the same statement", async () => {
    const m = await app.createMerchant(); // no wallet yet
    const id = await create(m.testApiKey!, "payin", "successful", 1000);
    const [t] = await db().select().from(transactions).where(eq(transactions.id, id));
    // Another transaction creates the wallet and holds it uncommitted. On PostgreSQL the
    // outcome's statement does not see it, waits on its key, and (ON CONFLICT) updates it
    // once it commits; on PGlite (one connection) the statement queues behind it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const walletInserted = new Promise<void>((r) => (inserted = r));
    const other = db().transaction(async (tx) => {
      await tx.insert(wallets).values({ id: newId("wallet"), merchantId: m.merchantId, mode: "test", currency: "XOF" });
      inserted();
      await held;
    });
    await walletInserted;
    const applying = db().transaction((tx) => applyOutcomes(tx, [{ transaction: t, outcome: "successful", reason: null }], new Date()));
    await new Promise((r) => setTimeout(r, 300));
    release();
    await other;
    expect((await applying).map((r) => r.id)).toEqual([id]);
    expect((await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).available).toBe(t.amount);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });

  it("never take a wallet below zero: the row the ledger refuses waits, the rest of its group lands", async () => {
    const m = await app.createMerchant();
    await fund(db(), { merchantId: m.merchantId, currency: "XOF", amount: 10_000 });
    const payouts = [await create(m.testApiKey!, "payout", "successful", 1000), await create(m.testApiKey!, "payout", "successful", 1000)];
    const payin = await create(m.testApiKey!, "payin", "successful", 1000);
    // A wallet whose in_flight no longer covers both reservations (as if a bug had lost one):
    // settling both at once would take it below zero.
    const charged = (await db().select().from(transactions).where(eq(transactions.id, payouts[0])))[0].chargedAmount;
    await db().update(wallets).set({ inFlight: charged }).where(eq(wallets.merchantId, m.merchantId));

    const before = lifecycleStats();
    await applyLifecycleBatch(db());
    expect(lifecycleStats().fallbacks).toBe(before.fallbacks + 1);
    const rows = await db().select().from(transactions).where(inArray(transactions.id, [...payouts, payin]));
    const statusOf = (id: string) => rows.find((r) => r.id === id)!;
    expect(statusOf(payin).status).toBe("successful");
    const settled = payouts.filter((id) => statusOf(id).status === "successful");
    const waiting = payouts.filter((id) => statusOf(id).status === "pending");
    expect(settled).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    // Set aside for a minute, nothing written for it.
    expect(statusOf(waiting[0]).nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await statusWebhooks(db(), waiting[0])).toHaveLength(0);
    expect(await ledgerKinds(db(), waiting[0])).toEqual(["payout_reserve:available:-101000", "payout_reserve:in_flight:101000"]);
    const w = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    expect(w.inFlight).toBe(0n);
    expect(w.available >= 0n).toBe(true);
  });
});
