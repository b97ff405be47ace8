import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest } from "../helpers/payments";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { users } from "@/server/db/schema";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { loadUser, type SessionUser } from "@/server/auth/session";

/**
 * The dashboard's money procedures (issue 12) through the tRPC router on a real database:
 * statements, refunds and bulk payouts: any member reads, owners and developers write,
 * viewers are refused every write, other merchants see nothing.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const as = (user: SessionUser | null) => createCaller({ db: app.database.db, user });
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${String(err)}`;
  }
}

let seq = 0;
async function userByEmail(email: string): Promise<SessionUser> {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // These people opened the verification link (issue 22; that flow: accounts-email.test.ts).
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.id));
  return (await loadUser(app.database.db, row.id))!;
}
async function signUpOwner() {
  const email = `money-owner-${Date.now()}-${seq++}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Money", email, password: "long enough pw" });
  const owner = await userByEmail(email);
  const merchantId = (await as(owner).account.me()).memberships[0].merchantId;
  return { merchantId, owner };
}
async function join(merchantId: string, owner: SessionUser, role: "developer" | "viewer") {
  const inv = await as(owner).team.invite({ merchantId, email: `money-${role}-${seq++}@e2e.test`, role });
  const joined = await as(null).invitation.signUp({ token: inv.token, name: role, password: "another long pw" });
  return userByEmail(joined.email);
}

let a: Awaited<ReturnType<typeof signUpOwner>>;
let b: Awaited<ReturnType<typeof signUpOwner>>;
let viewer: SessionUser;
let developer: SessionUser;
let apiKey: string | null = null;

/** A test API key of merchant a (created through the dashboard procedure). */
async function testKey(): Promise<string> {
  apiKey ??= (await as(a.owner).apiKeys.create({ merchantId: a.merchantId, mode: "test", name: "trpc tests" })).key;
  return apiKey;
}

beforeAll(async () => {
  app = await startTestApp();
  a = await signUpOwner();
  b = await signUpOwner();
  viewer = await join(a.merchantId, a.owner, "viewer");
  developer = await join(a.merchantId, a.owner, "developer");
  await fund(app.database.db, { merchantId: a.merchantId, currency: "XOF", amount: 100_000 });
});
afterAll(() => app.close());

describe("statements.get", () => {
  it("gives any member the statement with daily balances; opening + movements = closing", async () => {
    const s = await as(viewer).statements.get({ merchantId: a.merchantId, mode: "test", currency: "XOF", from: day(-6), to: day(0) });
    expect(s).toMatchObject({ currency: "XOF", opening: "0", closing: "100000", totalCredits: "100000", totalDebits: "0" });
    expect(s.movements).toHaveLength(1);
    expect(s.movements[0]).toMatchObject({ type: "credit", amount: "100000", balanceAfter: "100000" });
    expect(s.days).toHaveLength(7);
    expect(s.days.at(-1)).toEqual({ date: day(0), balance: "100000" });
    expect(s.days[0].balance).toBe("0");
    expect(await code(as(developer).statements.get({ merchantId: a.merchantId, mode: "test", currency: "XOF", from: day(-1), to: day(0) }))).toBe("OK");
  });

  it("refuses signed-out callers and other merchants, keeps modes apart, and checks the period", async () => {
    const input = { merchantId: a.merchantId, mode: "test" as const, currency: "XOF", from: day(-1), to: day(0) };
    expect(await code(as(null).statements.get(input))).toBe("UNAUTHORIZED");
    expect(await code(as(b.owner).statements.get(input))).toBe("NOT_FOUND");
    expect((await as(a.owner).statements.get({ ...input, mode: "live" })).closing).toBe("0");
    expect(await code(as(a.owner).statements.get({ ...input, from: day(-100) }))).toBe("BAD_REQUEST");
    expect(await code(as(a.owner).statements.get({ ...input, currency: "EUR" }))).toBe("BAD_REQUEST");
    expect(await code(as(a.owner).statements.get({ ...input, from: "2026-02-30" }))).toBe("BAD_REQUEST");
  });
});

describe("refunds", () => {
  it("lists a payin's refunds with what is left; developers refund, viewers are refused", async () => {
    const res = await app.request("/api/v1/merchant/payin", { method: "POST", key: await testKey(), json: payinRequest({ amount: 10_000, order_id: "trpc-refund" }) });
    const id = res.body.data.transaction_id as string;
    await runWorkerBatch(app.database.db);
    const scope = { merchantId: a.merchantId, mode: "test" as const, id };
    expect(await as(viewer).refunds.list(scope)).toEqual({ refundable: "10000", refunds: [] });
    const key = (n: number) => `confirm-refund-${n}`;
    expect(await code(as(viewer).refunds.create({ ...scope, amount: "1000", idempotencyKey: key(1) }))).toBe("FORBIDDEN");
    const confirmation = { ...scope, amount: "4000", reason: "damaged", idempotencyKey: key(2) };
    const refund = await as(developer).refunds.create(confirmation);
    expect(refund).toMatchObject({ status: "pending", amount: "4000" });
    expect(refund.id).toMatch(/^rf_/);
    // The same confirmation retried (a dropped connection): the same refund, nothing more refunded.
    expect((await as(developer).refunds.create(confirmation)).id).toBe(refund.id);
    const listed = await as(viewer).refunds.list(scope);
    expect(listed.refundable).toBe("6000");
    expect(listed.refunds.map((r) => r.id)).toEqual([refund.id]);
    expect(await code(as(a.owner).refunds.create({ ...scope, amount: "7000", idempotencyKey: key(3) }))).toBe("CONFLICT");
    expect(await code(as(b.owner).refunds.list(scope))).toBe("NOT_FOUND");
    expect(await code(as(a.owner).refunds.create({ ...scope, amount: "abc", idempotencyKey: key(4) }))).toBe("BAD_REQUEST");
  });
});

describe("bulkPayouts", () => {
  const row = (over: Partial<Record<string, string>> = {}) => ({
    phone: "+2250700001234",
    amount: "1500",
    currency: "XOF",
    country: "CI",
    network: "mtn",
    name: "Awa Diop",
    order_id: `bulk-${seq++}`,
    ...over,
  });

  it("checks every line before sending, in the file's own column names", async () => {
    const scope = { merchantId: a.merchantId, mode: "test" as const };
    const checks = await as(developer).bulkPayouts.validate({ ...scope, rows: [row({ order_id: "dup" }), row({ amount: "abc", order_id: "x1" }), row({ network: "nope", order_id: "x2" }), row({ order_id: "dup" })] });
    expect(checks.map((c) => c.ok)).toEqual([true, false, false, false]);
    expect(Object.keys(checks[1].errors)).toEqual(["amount"]);
    expect(Object.keys(checks[2].errors)).toContain("network");
    expect(checks[3].errors.order_id).toEqual(["The order_id is already used on line 1."]);
    expect(await code(as(viewer).bulkPayouts.validate({ ...scope, rows: [row()] }))).toBe("FORBIDDEN");
    // A NUL character could not be stored with the line: refused before anything is written.
    expect(await code(as(developer).bulkPayouts.send({ ...scope, rows: [row({ name: "Awa\u0000Diop" })] }))).toBe("BAD_REQUEST");
  });

  it("sends a batch, follows it, and refuses viewers and other merchants", async () => {
    const scope = { merchantId: a.merchantId, mode: "test" as const };
    expect(await code(as(viewer).bulkPayouts.send({ ...scope, rows: [row()] }))).toBe("FORBIDDEN");
    const rows = [row(), row({ phone: "+2250700000001" }), row({ amount: "-5" })];
    const sent = await as(developer).bulkPayouts.send({ ...scope, rows, idempotencyKey: "page-key-0001" });
    expect(sent.items.map((i) => i.line)).toEqual([1, 2, 3]);
    // The page sends the same lines again with their key (a dropped connection): the same batch, nobody paid twice.
    const again = await as(developer).bulkPayouts.send({ ...scope, rows, idempotencyKey: "page-key-0001" });
    expect([again.batchId, again.items[0].transactionId]).toEqual([sent.batchId, sent.items[0].transactionId]);
    expect((await as(viewer).transactions.list({ ...scope, filters: { type: "payout" }, limit: 100 })).items.filter((t) => t.orderId === rows[0].order_id)).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({ status: "pending", amount: "1500", currency: "XOF", error: null, row: rows[0] });
    expect(sent.items[0].transactionId).toMatch(/^po_/);
    expect(sent.items[2]).toMatchObject({ status: null, transactionId: null, currency: "XOF", row: rows[2] });
    expect(sent.items[2].error).toEqual({ kind: "invalid", message: "Validation failed", fields: { amount: ["The amount field must be a number."] }, values: {} });
    await runWorkerBatch(app.database.db);
    const followed = await as(viewer).bulkPayouts.get({ ...scope, batchId: sent.batchId });
    expect(followed.items.map((i) => i.status)).toEqual(["successful", "failed", null]);
    expect(followed.items[2].error).toEqual(sent.items[2].error);
    expect(await code(as(b.owner).bulkPayouts.get({ merchantId: a.merchantId, mode: "test", batchId: sent.batchId }))).toBe("NOT_FOUND");
    expect(await code(as(b.owner).bulkPayouts.get({ merchantId: b.merchantId, mode: "test", batchId: sent.batchId }))).toBe("NOT_FOUND");
  });

  it("gives back, from the batch id alone, every line as sent, so failed lines can be sent again after a reload", async () => {
    const scope = { merchantId: b.merchantId, mode: "test" as const };
    // Merchant b has no balance: the line is refused at its turn (400), with the figures.
    const rows = [row({ amount: "2 500", name: " Koffi Yao " })];
    const sent = await as(b.owner).bulkPayouts.send({ ...scope, rows });
    expect(sent.items[0]).toMatchObject({ status: null, error: { kind: "balance", values: { required: "2525", available: "0", currency: "XOF" } } });
    const read = await as(b.owner).bulkPayouts.get({ ...scope, batchId: sent.batchId });
    expect(read.items[0].error).toEqual(sent.items[0].error);
    // The line as the server took it (amount read, name trimmed): sending it again gives the same payout.
    expect(read.items[0].row).toEqual({ ...rows[0], amount: "2500", name: "Koffi Yao" });
    const accepted = await as(viewer).bulkPayouts.get({ merchantId: a.merchantId, mode: "test", batchId: (await as(developer).bulkPayouts.send({ merchantId: a.merchantId, mode: "test", rows: [row({ order_id: "again-1" })] })).batchId });
    expect(accepted.items[0].row).toEqual(row({ order_id: "again-1" }));
    expect(await code(as(b.owner).bulkPayouts.get({ ...scope, batchId: "x".repeat(65) }))).toBe("BAD_REQUEST");
  });
});
