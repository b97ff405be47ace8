import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, ledgerKinds, ledgerTotal, walletMatchesLedger, walletOf } from "../helpers/payments";
import { auditLog, settlementSchedules, webhookEvents } from "@/server/db/schema";
import { addBankAccount, reviewBankAccount } from "@/server/settlements/bank-accounts";
import { checkBankNumber, ibanChecksumValid } from "@/server/settlements/bank-formats";
import { decideSettlement, requestSettlement } from "@/server/settlements/settlements";
import { bankTransferCsv, pendingBanks } from "@/server/settlements/bank-transfer-csv";
import { csvCell } from "@/server/reports/csv";
import { runDueSettlementSchedules, saveSettlementSchedule, nextRunAfter } from "@/server/settlements/schedule";
import { getStatement } from "@/server/ledger/statements";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { loadUser } from "@/server/auth/session";

/**
 * Settlements to the bank (issue 21): account formats, operator verification with its
 * audit trail, the reservation like a payout (API), paid/rejected by the operator with
 * their ledger legs and 2.4-shaped `settlement` webhooks, the bank transfer CSV, the
 * statement that balances, and the automatic schedule.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;
let other: M;
const db = () => app.database.db;
const operator = () => ({ id: m.userId, email: "ops@sika.test" });
const owner = () => ({ type: "user" as const, id: m.userId, label: "owner" });

beforeAll(async () => {
  app = await startTestApp();
  m = await app.createMerchant();
  other = await app.createMerchant();
  await fund(db(), { merchantId: m.merchantId, currency: "XOF", amount: 1_000_000 });
});
afterAll(() => app.close());

async function verifiedAccount(bankName = "Société Générale CI") {
  const a = await addBankAccount(db(), { merchantId: m.merchantId, mode: "test", holderName: "Boutique Awa", bankName, countryCode: "CI", accountNumber: "CI0080111301134291200589", actor: owner() });
  return reviewBankAccount(db(), { id: a.id, decision: "verify", operator: operator() });
}

/** The field messages of the 422 a call throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return JSON.stringify((err as { data?: unknown }).data);
  }
  return "accepted";
}

describe("bank account formats", () => {
  it("takes a UEMOA RIB or IBAN, a CEMAC RIB, East African account + branch", () => {
    expect(ibanChecksumValid("CI93CI0080111301134291200589")).toBe(true);
    expect(checkBankNumber("CI", "CI008 01113 011342912005 89", null)).toEqual({ format: "iban", accountNumber: "CI93CI0080111301134291200589", branchCode: null });
    expect(checkBankNumber("CI", "CI93 CI00 8011 1301 1342 9120 0589", null).accountNumber).toBe("CI93CI0080111301134291200589");
    expect(refusal(() => checkBankNumber("CI", "CI94CI0080111301134291200589", null))).toMatch(/check digits/);
    expect(refusal(() => checkBankNumber("SN", "12345", null))).toMatch(/24-character RIB/);
    const cm = checkBankNumber("CM", "10005000010123456789012", null);
    expect(cm.accountNumber).toMatch(/^CM\d{2}10005000010123456789012$/);
    expect(ibanChecksumValid(cm.accountNumber)).toBe(true);
    expect(checkBankNumber("KE", "1234567890", "01100")).toEqual({ format: "account_branch", accountNumber: "1234567890", branchCode: "01100" });
    expect(refusal(() => checkBankNumber("KE", "1234567890", null))).toMatch(/branch_code/);
    expect(refusal(() => checkBankNumber("UG", "12ab", "123"))).toMatch(/6 to 20 digits/);
  });
});

describe("settlement requests", () => {
  it("needs a verified account; the operator's decision is audited", async () => {
    const a = await addBankAccount(db(), { merchantId: m.merchantId, mode: "test", holderName: "Boutique Awa", bankName: "Ecobank", countryCode: "CI", accountNumber: "CI0080111301134291200589", actor: owner() });
    expect(a.status).toBe("pending");
    const res = await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: a.id, amount: 1000 } });
    expect(res.status).toBe(422);
    expect(res.body.data.bank_account_id[0]).toMatch(/verified/);
    await expect(reviewBankAccount(db(), { id: a.id, decision: "reject", operator: operator() })).rejects.toMatchObject({ code: "validation_failed" });
    const rejected = await reviewBankAccount(db(), { id: a.id, decision: "reject", reason: "Name does not match KYC", operator: operator() });
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "Name does not match KYC" });
    await expect(reviewBankAccount(db(), { id: a.id, decision: "verify", operator: operator() })).rejects.toMatchObject({ code: "conflict" });
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(audits.map((x) => x.action).sort()).toEqual(["bank_account.added", "bank_account.rejected"]);
    const list = await app.request("/api/v1/merchant/bank-accounts", { key: m.testApiKey });
    expect(list.body.data.find((x: { id: string }) => x.id === a.id)).toMatchObject({ status: "rejected", account_number: "•••• 0589", format: "iban" });
  });

  it("reserves amount + fee at once, is paid with the bank reference, and the statement balances", async () => {
    const account = await verifiedAccount();
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const res = await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 500_000 } });
    expect(res.status).toBe(200);
    const st = res.body.data;
    expect(st.id).toMatch(/^st_[0-9A-Z]{26}$/);
    // 0.5 % default settlement fee.
    expect(st).toMatchObject({ status: "pending", amount: 500_000, fee: 2_500, total: 502_500, currency: "XOF", source: "api", bank_account: { id: account.id, account_number: "•••• 0589" } });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 50_250_000n, inFlight: before.inFlight + 50_250_000n });
    expect((await app.request("/api/v1/merchant/balances", { key: m.testApiKey })).body.data).toContainEqual({ currency: "XOF", available_balance: 497_500, pending_balance: 502_500 });

    // The bank file, formula injection neutralised.
    expect(await pendingBanks(db())).toContainEqual({ bank: "SOCIÉTÉ GÉNÉRALE CI", count: 1 });
    const file = await bankTransferCsv(db(), "société générale ci");
    expect(file.count).toBe(1);
    const [header, line] = file.csv.trim().split("\r\n");
    expect(header).toBe("settlement_id,merchant,beneficiary_name,bank_name,bank_code,country_code,account_number,branch_code,amount,currency,transfer_reference,requested_at,mode");
    expect(line).toContain(`${st.id},`);
    expect(line).toContain(",CI93CI0080111301134291200589,,500000,XOF,SIKA ");
    expect(csvCell("=HYPERLINK(\"x\")")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("-cmd")).toBe("'-cmd");

    await expect(decideSettlement(db(), { id: st.id, decision: "paid", operator: operator() })).rejects.toMatchObject({ code: "validation_failed" });
    const paid = await decideSettlement(db(), { id: st.id, decision: "paid", bankReference: "SGCI-TRF-0042", operator: operator() });
    expect(paid).toMatchObject({ status: "paid", bankReference: "SGCI-TRF-0042" });
    await expect(decideSettlement(db(), { id: st.id, decision: "rejected", reason: "late", operator: operator() })).rejects.toMatchObject({ code: "conflict", message: "Settlement is already paid" });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 50_250_000n, inFlight: before.inFlight });
    expect(await ledgerKinds(db(), st.id)).toEqual(
      ["settlement_reserve:available:-50250000", "settlement_reserve:in_flight:50250000", "settlement_settle:fees:250000", "settlement_settle:in_flight:-50250000", "settlement_settle:network:50000000"].sort(),
    );
    expect(await ledgerTotal(db())).toBe(0n);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);

    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.transactionId, st.id)).orderBy(webhookEvents.id);
    expect(events.map((e) => e.status)).toEqual(["pending", "paid"]);
    expect(JSON.parse(events[1].body)).toMatchObject({ transaction_id: st.id, amount: 500_000, fee: 2_500, charged_amount: 502_500, currency: "XOF", status: "paid", type: "settlement", metadata: { country_code: "CI", network: "bank", bank_reference: "SGCI-TRF-0042" } });
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, st.id))).map((a) => a.action).sort()).toEqual(["settlement.paid", "settlement.requested"]);

    const today = new Date().toISOString().slice(0, 10);
    const statement = await getStatement(db(), { merchantId: m.merchantId, mode: "test", currency: "XOF", from: today, to: today });
    const mv = statement.movements.find((x) => x.transactionId === st.id)!;
    expect(mv).toMatchObject({ type: "settlement", amount: -50_250_000n, fee: -250_000n });
    expect(statement.opening + statement.totalCredits + statement.totalDebits).toBe(statement.closing);
    expect(statement.closing).toBe((await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).available);
    const read = await app.request(`/api/v1/merchant/settlements/${st.id}`, { key: m.testApiKey });
    expect(read.body.data).toMatchObject({ status: "paid", bank_reference: "SGCI-TRF-0042", decided_at: expect.any(String) });
    expect((await app.request(`/api/v1/merchant/settlements/${st.id}`, { key: other.testApiKey })).status).toBe(404);
  });

  it("a rejection gives the whole total back; over the balance is a 400 and nothing moves", async () => {
    const account = await verifiedAccount("Ecobank CI");
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const st = await requestSettlement(db(), { merchantId: m.merchantId, mode: "test", bankAccountId: account.id, amount: 10_000n * 100n, source: "dashboard", actor: owner() });
    const rejected = await decideSettlement(db(), { id: st.id, decision: "rejected", reason: "Account closed", operator: operator() });
    expect(rejected.status).toBe("rejected");
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual(before);
    const today = new Date().toISOString().slice(0, 10);
    const statement = await getStatement(db(), { merchantId: m.merchantId, mode: "test", currency: "XOF", from: today, to: today });
    expect(statement.movements.filter((x) => x.transactionId === st.id).map((x) => x.type)).toEqual(["settlement", "settlement_reversal"]);

    // Idempotency-Key: a retry replays, another body is a 409, nothing reserved twice.
    const headers = { "Idempotency-Key": "settle-2026-03-02" };
    const once = await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 1000 }, headers });
    const again = await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 1000 }, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(once.body.data.id);
    expect((await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 2000 }, headers })).status).toBe(409);
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 100_500n, inFlight: before.inFlight + 100_500n });
    await decideSettlement(db(), { id: once.body.data.id, decision: "rejected", reason: "test", operator: operator() });

    const tooMuch = await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 10_000_000 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ message: "Insufficient balance for settlement", data: { currency: "XOF", available_balance: Number(before.available / 100n) } });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual(before);
    const list = await app.request("/api/v1/merchant/settlements?limit=2", { key: m.testApiKey });
    expect(list.body.data.data[1]).toMatchObject({ id: st.id, status: "rejected", rejection_reason: "Account closed", source: "dashboard" });
    // The next page starts after the last id of this one; an id of another kind is refused, not read as "nothing after it".
    const next = await app.request(`/api/v1/merchant/settlements?limit=2&starting_after=${list.body.data.next_starting_after}`, { key: m.testApiKey });
    expect(next.status).toBe(200);
    expect(next.body.data.data.map((s: { id: string }) => s.id)).not.toContain(st.id);
    const wrongKind = await app.request(`/api/v1/merchant/settlements?starting_after=${st.id.replace(/^st_/, "pl_")}`, { key: m.testApiKey });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body).toEqual({ status: "error", message: "Validation failed", data: { starting_after: ["The starting_after field must be a settlement id (st_…)."] } });
    expect((await app.request("/api/v1/merchant/settlements", { method: "POST", key: m.testApiKey, json: { bank_account_id: account.id, amount: 10.5 } })).body.data.amount[0]).toMatch(/whole number/);
  });

  it("the dashboard's request, retried with its confirmation's key (a dropped connection), reserves once", async () => {
    const account = await verifiedAccount("Coris Bank CI");
    const before = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    const dashboard = createCallerFactory(appRouter)({ db: db(), user: (await loadUser(db(), m.userId))! });
    const confirmation = { merchantId: m.merchantId, mode: "test" as const, bankAccountId: account.id, amount: "20000", idempotencyKey: "0f6c2a4e-3b1d-4c8e-9a7f-5d2e1b0c9a88" };
    const first = await dashboard.settlements.request(confirmation);
    const retried = await dashboard.settlements.request(confirmation);
    expect(retried.id).toBe(first.id);
    // 20,000 + the 0.5 % fee, reserved once.
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual({ available: before.available - 2_010_000n, inFlight: before.inFlight + 2_010_000n });
    const [row] = (await app.request("/api/v1/merchant/settlements?limit=1", { key: m.testApiKey })).body.data.data;
    expect(row).toMatchObject({ id: first.id, source: "dashboard", amount: 20_000 });
    // Another confirmation is another settlement; the same key with another amount is refused.
    const second = await dashboard.settlements.request({ ...confirmation, idempotencyKey: "7a1e9c3b-2d4f-4b6a-8c0e-1f3a5b7d9e21" });
    expect(second.id).not.toBe(first.id);
    await expect(dashboard.settlements.request({ ...confirmation, amount: "30000" })).rejects.toMatchObject({ code: "CONFLICT" });
    for (const id of [first.id, second.id]) await decideSettlement(db(), { id, decision: "rejected", reason: "test", operator: operator() });
    expect(await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).toEqual(before);
  });
});

describe("automatic settlements", () => {
  it("plans the next run and settles what is available above the threshold", async () => {
    expect(nextRunAfter(new Date("2026-03-02T07:00:00Z"), "daily", null).toISOString()).toBe("2026-03-03T06:00:00.000Z");
    expect(nextRunAfter(new Date("2026-03-02T05:00:00Z"), "daily", null).toISOString()).toBe("2026-03-02T06:00:00.000Z");
    // 2026-03-02 is a Monday: the next Friday 06:00.
    expect(nextRunAfter(new Date("2026-03-02T07:00:00Z"), "weekly", 5).toISOString()).toBe("2026-03-06T06:00:00.000Z");

    const account = await verifiedAccount("Bank of Africa");
    const available = (await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).available;
    const schedule = await saveSettlementSchedule(db(), { merchantId: m.merchantId, mode: "test", bankAccountId: account.id, frequency: "daily", threshold: available + 100n, enabled: true });
    await db().update(settlementSchedules).set({ nextRunAt: new Date(Date.now() - 1000) }).where(eq(settlementSchedules.id, schedule.id));
    expect(await runDueSettlementSchedules(db())).toBe(1);
    // Below the threshold: nothing moved, next run planned.
    expect((await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" })).available).toBe(available);
    await saveSettlementSchedule(db(), { merchantId: m.merchantId, mode: "test", bankAccountId: account.id, frequency: "weekly", weekday: 3, threshold: 100_00n, enabled: true });
    await db().update(settlementSchedules).set({ nextRunAt: new Date(Date.now() - 1000) }).where(eq(settlementSchedules.id, schedule.id));
    expect(await runDueSettlementSchedules(db())).toBe(1);
    expect(await runDueSettlementSchedules(db())).toBe(0);
    const after = await walletOf(db(), { merchantId: m.merchantId, currency: "XOF" });
    // Everything it could take: at most one unit left over from the fee's rounding.
    expect(after.available).toBeLessThan(100n * 100n);
    expect(after.available).toBeGreaterThanOrEqual(0n);
    expect(await walletMatchesLedger(db(), { merchantId: m.merchantId, currency: "XOF" })).toBe(true);
  });
});
