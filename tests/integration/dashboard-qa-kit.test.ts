import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { verifiedUserByEmail } from "../helpers/verified-user";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest, payoutRequest } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { auditLog } from "@/server/db/schema";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import type { SessionUser } from "@/server/auth/session";

/**
 * The dashboard's side of issue 24 through the tRPC router on a real database, with the
 * REST API beside it: Settings → Reset test data (owners only, audited), the list's change
 * mark, "Refunded" / "Partially refunded" amounts, the bulk preview's limits check, and
 * the bulk history listing API batches.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const as = (user: SessionUser | null) => createCaller({ db: app.database.db, user });
let owner: SessionUser;
let developer: SessionUser;
let merchantId: string;
let key: string;

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${String(err)}`;
  }
}
const userByEmail = (email: string): Promise<SessionUser> => verifiedUserByEmail(app.database.db, email);
const settle = async () => {
  while ((await runWorkerBatch(app.database.db)).lifecycle > 0);
};
const scope = () => ({ merchantId, mode: "test" as const });

beforeAll(async () => {
  app = await startTestApp();
  const email = `qa-owner-${Date.now()}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique QA", email, password: "long enough pw" });
  owner = await userByEmail(email);
  merchantId = (await as(owner).account.me()).memberships[0].merchantId;
  const inv = await as(owner).team.invite({ merchantId, email: `qa-dev-${Date.now()}@e2e.test`, role: "developer" });
  developer = await userByEmail((await as(null).invitation.signUp({ token: inv.token, name: "Dev", password: "another long pw" })).email);
  key = (await as(owner).apiKeys.create({ merchantId, mode: "test", name: "qa" })).key;
  await as(owner).balances.topUpTest({ ...scope(), currency: "XOF", amount: "100000" });
});
afterAll(() => app.close());

describe("transactions: change mark and refund states", () => {
  it("the mark moves on a new transaction and on a status change, not otherwise", async () => {
    const m0 = await as(developer).transactions.changeMark(scope());
    expect(await as(developer).transactions.changeMark(scope())).toBe(m0);
    const created = await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ outcome: "pending" }) });
    const m1 = await as(developer).transactions.changeMark(scope());
    expect(m1).not.toBe(m0);
    await app.request(`/api/v1/test/transactions/${created.body.data.transaction_id}/outcome`, { method: "POST", key, json: { status: "cancelled" } });
    const m2 = await as(developer).transactions.changeMark(scope());
    expect(m2).not.toBe(m1);
    expect(await as(developer).transactions.changeMark({ merchantId, mode: "live" })).toBe("0:0");
  });

  it("successful refunds give a payin's refunded amount in the list and the detail", async () => {
    const full = (await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ amount: 2000 }) })).body.data.transaction_id;
    const part = (await app.request("/api/v1/merchant/payin", { method: "POST", key, json: payinRequest({ amount: 3000 }) })).body.data.transaction_id;
    await settle();
    expect((await app.request(`/api/v1/merchant/transactions/${full}/refund`, { method: "POST", key, json: {} })).status).toBe(200);
    expect((await app.request(`/api/v1/merchant/transactions/${part}/refund`, { method: "POST", key, json: { amount: 1000 } })).status).toBe(200);
    // Pending refunds returned nothing yet.
    let list = await as(developer).transactions.list({ ...scope() });
    expect(list.items.find((t) => t.id === full)?.refundedAmount).toBeNull();
    await settle();
    list = await as(developer).transactions.list({ ...scope() });
    expect(list.items.find((t) => t.id === full)).toMatchObject({ status: "successful", amount: "2000", refundedAmount: "2000" });
    expect(list.items.find((t) => t.id === part)).toMatchObject({ refundedAmount: "1000" });
    expect(list.items.filter((t) => t.type !== "payin").every((t) => t.refundedAmount === null)).toBe(true);
    expect((await as(developer).transactions.detail({ ...scope(), id: part })).transaction.refundedAmount).toBe("1000");
    expect((await as(developer).overview.get({ ...scope(), timeZone: "UTC" })).recent.find((t) => t.id === full)?.refundedAmount).toBe("2000");
  });
});

describe("bulk payouts: preview limits and history", () => {
  it("the preview refuses a line below the country's minimum (after rounding) and above its maximum", async () => {
    const row = (amount: string, order_id: string) => ({ phone: "+2250700001234", amount, currency: "XOF", country: "CI", network: "mtn", name: "Awa Diop", order_id });
    const checks = await as(developer).bulkPayouts.validate({ ...scope(), rows: [row("1500", "l1"), row("100", "l2"), row("498", "l3"), row("2000000", "l4")] });
    expect(checks.map((c) => c.ok)).toEqual([true, false, true, false]);
    expect(checks[1].errors.amount).toEqual(["The amount must be between 500 and 1500000 XOF for CI."]);
    expect(checks[3].errors.amount?.[0]).toMatch(/^The amount must be between 500 and \d+ XOF for CI\.$/);
  });

  it("lists the latest batches, API and dashboard alike, with their payouts by status", async () => {
    const body = { payouts: [payoutRequest({ amount: 1000, order_id: "b-1" }), payoutRequest({ amount: 1000, order_id: "b-2", outcome: "failed" })] };
    const viaApi = await app.request("/api/v1/merchant/payouts/bulk", { method: "POST", key, json: body });
    expect(viaApi.status).toBe(200);
    const viaDashboard = await as(developer).bulkPayouts.send({ ...scope(), rows: [{ phone: "+2250700001234", amount: "1000", currency: "XOF", country: "CI", network: "mtn", name: "Awa", order_id: "d-1" }] });
    await settle();
    const list = await as(developer).bulkPayouts.list({ ...scope() });
    expect(list.map((b) => [b.id, b.source])).toEqual([
      [viaDashboard.batchId, "dashboard"],
      [viaApi.body.data.batch_id, "api"],
    ]);
    expect(list[1]).toMatchObject({ total: 2, accepted: 2, rejected: 0, statuses: { successful: 1, failed: 1, pending: 0, cancelled: 0 } });
    expect(await as(developer).bulkPayouts.list({ merchantId, mode: "live" })).toEqual([]);
  });
});

describe("Settings → Reset test data", () => {
  it("is for owners only; the owner's reset empties test mode and is audited with the user", async () => {
    expect(await code(as(developer).testMode.reset({ merchantId }))).toBe("FORBIDDEN");
    expect((await as(owner).transactions.list({ ...scope() })).items.length).toBeGreaterThan(0);
    const counts = await as(owner).testMode.reset({ merchantId });
    expect(counts.transactions).toBeGreaterThan(0);
    expect(counts.balances).toBe(1);
    expect((await as(owner).transactions.list({ ...scope() })).items).toEqual([]);
    expect(await as(owner).balances.list({ ...scope() })).toEqual([]);
    expect(await as(owner).bulkPayouts.list({ ...scope() })).toEqual([]);
    const [audit] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, "test_data.reset")));
    expect(audit).toMatchObject({ actorType: "user", actorId: owner.id, actorLabel: owner.email, mode: "test", after: counts });
  });
});
