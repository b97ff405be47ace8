import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { verifiedUserByEmail } from "../helpers/verified-user";
import { startTestApp, type TestApp } from "../helpers/app";
import { sandboxPhone } from "../helpers/sandbox-numbers";
import { payoutRequest } from "../helpers/payments";
import { apiKeys, auditLog, ledgerEntries, transactions, webhookEvents } from "@/server/db/schema";
import { createCallerFactory, type TrpcContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import type { SessionUser } from "@/server/auth/session";
import { findWallet } from "@/server/ledger/wallets";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { forgetApprovalSettings } from "@/server/payments/approvals/settings";
import { createApiKey } from "@/server/auth/api-keys";

/**
 * Payout approvals (issue 22, maker-checker) on a real database, the dashboard through its
 * tRPC procedures and the API through real HTTP: over the threshold a payout is reserved but
 * not sent until ANOTHER owner approves (the worker then sends it, the webhook follows) or
 * rejects (the reservation comes back through the ledger, a `failed` webhook). API payouts
 * are held only when the owner turned that on, and their public status stays `pending`.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const as = (user: SessionUser | null, extra: Partial<TrpcContext> = {}) =>
  createCaller({ db: app.database.db, user, clientAddress: "198.51.100.20", userAgent: "approvals-test", ...extra });
const db = () => app.database.db;
const settle = async () => {
  while ((await runWorkerBatch(db())).lifecycle > 0);
};

beforeAll(async () => {
  app = await startTestApp({ contract: true });
  forgetApprovalSettings();
});
afterAll(() => app.close());

let seq = 0;
const userByEmail = (email: string): Promise<SessionUser> => verifiedUserByEmail(db(), email);
async function team() {
  const email = `approvals-${Date.now()}-${seq++}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Approbation", email, password: "long enough pw" });
  const owner = await userByEmail(email);
  const merchantId = (await as(owner).account.me()).memberships[0].merchantId;
  const join = async (role: "owner" | "developer" | "viewer") => {
    const inv = await as(owner).team.invite({ merchantId, email: `${role}-${Date.now()}-${seq++}@e2e.test`, role });
    return userByEmail((await as(null).invitation.signUp({ token: inv.token, name: role, password: "another long pw" })).email);
  };
  await as(owner).balances.topUpTest({ merchantId, mode: "test", currency: "XOF", amount: "1000000" });
  return { merchantId, owner, join };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${String(err)}`;
  }
}

const payout = (amount: string, n = seq++) => ({
  mode: "test" as const,
  countryCode: "CI",
  network: "orange",
  currency: "XOF",
  amount,
  phoneNumber: sandboxPhone("CI", "successful"),
  beneficiary: "Moussa Traoré",
  idempotencyKey: `approval-test-${n}-${Date.now()}`,
});

const available = async (merchantId: string) => (await findWallet(db(), { merchantId, mode: "test", currency: "XOF" }))!;
const txRow = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0];

describe("approval settings", () => {
  it("need a second owner, are owners' to change, and are recorded before/after", async () => {
    const { merchantId, owner, join } = await team();
    const settings = { merchantId, mode: "test" as const, thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: false };
    expect(await code(as(owner).approvals.saveSettings(settings))).toBe("CONFLICT");
    const developer = await join("developer");
    expect(await code(as(developer).approvals.saveSettings(settings))).toBe("FORBIDDEN");
    await join("owner");
    expect(await as(owner).approvals.saveSettings(settings)).toEqual({ thresholds: { XOF: "50000" }, holdApiPayouts: false });
    expect(await as(developer).approvals.settings({ merchantId, mode: "test" })).toEqual({ thresholds: { XOF: "50000" }, holdApiPayouts: false });
    expect(await as(owner).approvals.settings({ merchantId, mode: "live" })).toEqual({ thresholds: {}, holdApiPayouts: false });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, "settings.payout_approvals_changed")));
    expect(entry).toMatchObject({ actorType: "user", actorLabel: owner.email, ip: "198.51.100.20", userAgent: "approvals-test", mode: "test" });
    expect(entry.before).toEqual({ thresholds: {}, holdApiPayouts: false });
    expect(entry.after).toEqual({ thresholds: { XOF: "50000" }, holdApiPayouts: false });
  });
});

describe("dashboard payouts over the threshold", () => {
  it("wait with the money reserved until another owner approves; the worker then sends them", async () => {
    const { merchantId, owner, join } = await team();
    const second = await join("owner");
    const developer = await join("developer");
    const viewer = await join("viewer");
    await as(owner).approvals.saveSettings({ merchantId, mode: "test", thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: false });

    const small = await as(developer).payouts.create({ merchantId, ...payout("20000") });
    expect(small.awaitingApproval).toBe(false);
    const before = await available(merchantId);
    const big = await as(owner).payouts.create({ merchantId, ...payout("60000") });
    expect(big).toMatchObject({ status: "pending", awaitingApproval: true });
    const after = await available(merchantId);
    expect(before.available - after.available).toBe(BigInt(Math.round(Number(big.chargedAmount) * 100)));
    expect(after.inFlight - before.inFlight).toBe(BigInt(Math.round(Number(big.chargedAmount) * 100)));

    await settle();
    expect((await txRow(small.id)).status).toBe("successful");
    expect((await txRow(big.id)).status).toBe("pending");
    const [waiting] = await as(viewer).approvals.list({ merchantId, mode: "test", status: "awaiting_approval" });
    expect(waiting).toMatchObject({ transactionId: big.id, amount: "60000", currency: "XOF", requestedByLabel: owner.email, source: "dashboard", beneficiary: "Moussa Traoré" });
    expect(await as(owner).transactions.list({ merchantId, mode: "test" }).then((p) => p.items.find((t) => t.id === big.id)?.awaitingApproval)).toBe(true);

    // The maker cannot approve their own payout; viewers and developers cannot decide.
    expect(await code(as(owner).approvals.approve({ merchantId, mode: "test", approvalId: waiting.id }))).toBe("FORBIDDEN");
    expect(await code(as(developer).approvals.approve({ merchantId, mode: "test", approvalId: waiting.id }))).toBe("FORBIDDEN");
    expect(await code(as(viewer).approvals.reject({ merchantId, mode: "test", approvalId: waiting.id }))).toBe("FORBIDDEN");

    expect(await as(second).approvals.approve({ merchantId, mode: "test", approvalId: waiting.id })).toEqual({ released: 1 });
    expect(await code(as(second).approvals.reject({ merchantId, mode: "test", approvalId: waiting.id }))).toBe("CONFLICT");
    await settle();
    expect((await txRow(big.id)).status).toBe("successful");
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.transactionId, big.id));
    expect(events.map((e) => e.status)).toEqual(["successful"]);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.merchantId, merchantId))).map((r) => `${r.action}:${r.actorLabel}`);
    expect(actions).toEqual(expect.arrayContaining([`payout.created:${developer.email}`, `payout.held_for_approval:${owner.email}`, `payout.approved:${second.email}`]));
  });

  it("rejection fails the payout, returns the reservation through the ledger and sends the failed webhook", async () => {
    const { merchantId, owner, join } = await team();
    const second = await join("owner");
    await as(owner).approvals.saveSettings({ merchantId, mode: "test", thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: false });
    const before = await available(merchantId);
    const big = await as(owner).payouts.create({ merchantId, ...payout("75000") });
    const [waiting] = await as(owner).approvals.list({ merchantId, mode: "test", status: "awaiting_approval" });
    expect(await as(second).approvals.reject({ merchantId, mode: "test", approvalId: waiting.id, reason: "Not this supplier" })).toEqual({ released: 1 });
    const row = await txRow(big.id);
    expect(row).toMatchObject({ status: "failed", failureReason: "Rejected by an approver" });
    const after = await available(merchantId);
    expect(after.available).toBe(before.available);
    expect(after.inFlight).toBe(before.inFlight);
    const legs = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, big.id));
    expect(legs.length).toBeGreaterThanOrEqual(4);
    expect((await db().select().from(webhookEvents).where(eq(webhookEvents.transactionId, big.id))).map((e) => e.status)).toEqual(["failed"]);
    const [rejected] = await as(owner).approvals.list({ merchantId, mode: "test", status: "rejected" });
    expect(rejected).toMatchObject({ decidedByLabel: second.email, rejectionReason: "Not this supplier" });
  });

  it("holds a whole bulk batch whose total is over the threshold, and approval releases every line", async () => {
    const { merchantId, owner, join } = await team();
    const second = await join("owner");
    await as(owner).approvals.saveSettings({ merchantId, mode: "test", thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: false });
    const row = (n: number) => ({ country: "CI", network: "orange", phone: sandboxPhone("CI", "successful"), name: `Awa ${n}`, amount: "30000", currency: "XOF", order_id: `bulk-${n}` });
    const sent = await as(owner).bulkPayouts.send({ merchantId, mode: "test", rows: [row(1), row(2)] });
    expect(sent.awaitingApproval).toBe(true);
    await settle();
    const ids = sent.items.map((i) => i.transactionId!);
    for (const id of ids) expect((await txRow(id)).status).toBe("pending");
    const [waiting] = await as(second).approvals.list({ merchantId, mode: "test", status: "awaiting_approval" });
    expect(waiting).toMatchObject({ bulkBatchId: sent.batchId, itemCount: 2, amount: "60000" });
    expect(await as(second).approvals.approve({ merchantId, mode: "test", approvalId: waiting.id })).toEqual({ released: 2 });
    await settle();
    for (const id of ids) expect((await txRow(id)).status).toBe("successful");
    expect((await as(owner).bulkPayouts.get({ merchantId, mode: "test", batchId: sent.batchId })).awaitingApproval).toBe(false);
  });
});

describe("API payouts", () => {
  it("are not held unless the owner turns that on; then they answer pending and the webhook follows the approval", async () => {
    const { merchantId, owner, join } = await team();
    const second = await join("owner");
    const { key } = await createApiKey(db(), { merchantId, mode: "test", name: "api" });
    await as(owner).approvals.saveSettings({ merchantId, mode: "test", thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: false });
    const free = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 60000, network: "orange" }) });
    expect(free.status).toBe(200);
    await settle();
    expect((await txRow(free.body.data.transaction_id)).status).toBe("successful");

    await as(owner).approvals.saveSettings({ merchantId, mode: "test", thresholds: [{ currency: "XOF", amount: "50000" }], holdApiPayouts: true });
    const held = await app.request("/api/v1/merchant/payout", { method: "POST", key, json: payoutRequest({ amount: 60000, network: "orange" }) });
    expect(held.status).toBe(200);
    expect(held.body.data.status).toBe("pending");
    const id = held.body.data.transaction_id;
    await settle();
    const read = await app.request(`/api/v1/merchant/transactions/${id}`, { key });
    expect(read.body.data.status).toBe("pending");
    const [waiting] = await as(owner).approvals.list({ merchantId, mode: "test", status: "awaiting_approval" });
    const [keyRow] = await db().select().from(apiKeys).where(eq(apiKeys.name, "api"));
    expect(waiting).toMatchObject({ transactionId: id, source: "api", requestedByLabel: keyRow.displayPrefix });
    // A key's request: any owner decides, the first one too.
    await as(owner).approvals.approve({ merchantId, mode: "test", approvalId: waiting.id });
    expect(second.email).toContain("owner-");
    await settle();
    expect((await app.request(`/api/v1/merchant/transactions/${id}`, { key })).body.data.status).toBe("successful");
    expect((await db().select().from(webhookEvents).where(eq(webhookEvents.transactionId, id))).map((e) => e.status)).toEqual(["successful"]);
  });
});
