import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, lt, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund, payinRequest, payoutRequest, walletOf } from "../helpers/payments";
import { ledgerEntries } from "@/server/db/schema";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { toMinor } from "@/server/money";

/**
 * GET /api/v1/merchant/statements (D16) through HTTP: JSON and CSV, opening + movements =
 * closing across credits, payins, payouts (their fees) and failed payouts, the 422s,
 * tenancy and mode isolation.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let a: M;
let b: M;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const db = () => app.database.db;
const minor = (n: number) => toMinor(n)!;

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createMerchant();
  b = await app.createMerchant();
  // An old credit (moved 10 days back) makes the opening balance of a recent period.
  await fund(db(), { merchantId: a.merchantId, currency: "XOF", amount: 50_000 });
  await db()
    .update(ledgerEntries)
    .set({ createdAt: new Date(Date.now() - 10 * DAY) })
    .where(eq(ledgerEntries.merchantId, a.merchantId));
  await fund(db(), { merchantId: a.merchantId, currency: "XOF", amount: 20_000 });
  const post = (path: string, json: unknown) => app.request(path, { method: "POST", key: a.testApiKey, json });
  expect((await post("/api/v1/merchant/payin", payinRequest({ amount: 1000, order_id: "st-payin-ok" }))).status).toBe(200);
  expect((await post("/api/v1/merchant/payin", payinRequest({ amount: 2000, outcome: "failed", order_id: "st-payin-failed" }))).status).toBe(200);
  expect((await post("/api/v1/merchant/payout", payoutRequest({ amount: 3000, order_id: "st-payout-ok" }))).status).toBe(200);
  expect((await post("/api/v1/merchant/payout", payoutRequest({ amount: 4000, outcome: "failed", order_id: "st-payout-failed" }))).status).toBe(200);
  await runWorkerBatch(db());
  await runWorkerBatch(db());
  // Merchant b and a's live mode have movements of their own that a's test statement must not show.
  await fund(db(), { merchantId: b.merchantId, currency: "XOF", amount: 777 });
  await fund(db(), { merchantId: a.merchantId, mode: "live", currency: "XOF", amount: 999 });
});
afterAll(() => app.close());

const statement = (key: string | null, query: string) => app.request(`/api/v1/merchant/statements?${query}`, { key });

describe("GET /api/v1/merchant/statements", () => {
  it("gives opening, every movement and closing, with opening + movements = closing", async () => {
    const res = await statement(a.testApiKey, `currency=XOF&from=${day(-1)}&to=${day(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Statement retrieved");
    const s = res.body.data;
    expect(s).toMatchObject({ currency: "XOF", mode: "test", from: day(-1), to: day(0), opening_balance: 50_000 });
    const types = s.movements.map((m: { type: string }) => m.type);
    expect(types).toEqual(expect.arrayContaining(["credit", "payin", "payout", "payout_reversal"]));
    expect(types.filter((t: string) => t === "payout")).toHaveLength(2);
    expect(types.filter((t: string) => t === "payin")).toHaveLength(1); // the failed payin never moved money

    const sum = s.movements.reduce((acc: bigint, m: { amount: number }) => acc + minor(m.amount), 0n);
    expect(minor(s.opening_balance) + sum).toBe(minor(s.closing_balance));
    // Each line's balance_after is the running balance.
    let running = minor(s.opening_balance);
    for (const m of s.movements) {
      running += minor(m.amount);
      expect(minor(m.balance_after)).toBe(running);
    }
    // The closing balance is the balance the merchant reads, and the ledger's own sum.
    const wallet = await walletOf(db(), { merchantId: a.merchantId, currency: "XOF" });
    expect(minor(s.closing_balance)).toBe(wallet.available);
    const [before] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, a.merchantId), eq(ledgerEntries.mode, "test"), eq(ledgerEntries.account, "available"), lt(ledgerEntries.createdAt, new Date(Date.parse(`${day(0)}T00:00:00Z`) + DAY))));
    expect(minor(s.closing_balance)).toBe(BigInt(before.total));

    // The payout's debit carries its fee; its order_id and transaction id are on the line.
    const payout = s.movements.find((m: { order_id: string | null; type: string }) => m.order_id === "st-payout-ok" && m.type === "payout");
    expect(payout.transaction_id).toMatch(/^po_/);
    expect(payout.amount).toBeLessThan(-3000);
    expect(payout.fee).toBe(payout.amount + 3000);
    const payin = s.movements.find((m: { type: string }) => m.type === "payin");
    expect(payin).toMatchObject({ order_id: "st-payin-ok", amount: 1000, fee: 0 });
    const reversal = s.movements.find((m: { type: string }) => m.type === "payout_reversal");
    expect(reversal.order_id).toBe("st-payout-failed");
    expect(s.movement_count).toBe(s.movements.length);
    expect(s.total_credits + s.total_debits).toBe(s.closing_balance - s.opening_balance);
  });

  it("a period before any movement opens and closes at 0; a period after the old credit opens with it and moves nothing", async () => {
    const empty = (await statement(a.testApiKey, `currency=XOF&from=${day(-60)}&to=${day(-30)}`)).body.data;
    expect(empty).toMatchObject({ opening_balance: 0, closing_balance: 0, movements: [] });
    const quiet = (await statement(a.testApiKey, `currency=XOF&from=${day(-9)}&to=${day(-2)}`)).body.data;
    expect(quiet).toMatchObject({ opening_balance: 50_000, closing_balance: 50_000, movements: [] });
    const all = (await statement(a.testApiKey, `currency=xof&from=${day(-11)}&to=${day(0)}`)).body.data;
    expect(all.opening_balance).toBe(0);
    expect(all.movements[0]).toMatchObject({ type: "credit", amount: 50_000, balance_after: 50_000, transaction_id: null });
  });

  it("answers CSV with format=csv: opening line, one line per movement, closing line", async () => {
    const json = (await statement(a.testApiKey, `currency=XOF&from=${day(-1)}&to=${day(0)}`)).body.data;
    const res = await statement(a.testApiKey, `currency=XOF&from=${day(-1)}&to=${day(0)}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(`sika-test-statement-XOF-${day(-1)}-${day(0)}.csv`);
    const lines = (res.body as string).trim().split("\r\n").map((l) => l.split(","));
    expect(lines[0]).toEqual(["time", "entry_id", "transaction_id", "order_id", "type", "amount", "fee", "balance_after", "currency", "description"]);
    expect(lines[1][4]).toBe("opening_balance");
    expect(lines[1][7]).toBe(String(json.opening_balance));
    expect(lines.at(-1)![4]).toBe("closing_balance");
    expect(lines.at(-1)![7]).toBe(String(json.closing_balance));
    const movements = lines.slice(2, -1);
    expect(movements).toHaveLength(json.movements.length);
    const sum = movements.reduce((acc, l) => acc + minor(Number(l[5])), 0n);
    expect(minor(json.opening_balance) + sum).toBe(minor(json.closing_balance));
    expect(movements.map((l) => l[1])).toEqual(json.movements.map((m: { entry_id: string }) => m.entry_id));
  });

  it.each([
    ["a period over 92 days", `currency=XOF&from=${day(-92)}&to=${day(0)}`, "to", "The period must not be longer than 92 days."],
    ["to before from", `currency=XOF&from=${day(0)}&to=${day(-1)}`, "to", "The to field must be a date after or equal to from."],
    ["a date that does not exist", "currency=XOF&from=2026-02-30&to=2026-03-02", "from", "The from field must be a date in the format YYYY-MM-DD."],
    // new Date("2026-13-01...") is an Invalid Date whose toISOString() threw: a 500 before.
    ["a month that does not exist", "currency=XOF&from=2026-13-01&to=2026-12-31", "from", "The from field must be a date in the format YYYY-MM-DD."],
    ["year 0, which the database does not have", "currency=XOF&from=0000-01-01&to=0000-01-02", "from", "The from field must be a date in the format YYYY-MM-DD."],
    ["a period ending past year 9999", "currency=XOF&from=9999-12-30&to=9999-12-31", "to", "The to field must be a date before 9999-12-31."],
    ["a date-time instead of a date", `currency=XOF&from=${day(-1)}T10:00:00Z&to=${day(0)}`, "from", "The from field must be a date in the format YYYY-MM-DD."],
    ["an unknown currency", `currency=EUR&from=${day(-1)}&to=${day(0)}`, "currency", undefined],
    ["a missing currency", `from=${day(-1)}&to=${day(0)}`, "currency", "The currency field is required."],
    ["a missing from", `currency=XOF&to=${day(0)}`, "from", "The from field is required."],
    ["an unknown format", `currency=XOF&from=${day(-1)}&to=${day(0)}&format=pdf`, "format", "The format field must be one of: json, csv."],
  ])("answers 422 for %s", async (_label, query, field, message) => {
    const res = await statement(a.testApiKey, query);
    expect(res.status).toBe(422);
    expect(res.body.status).toBe("error");
    expect(res.body.message).toBe("Validation failed");
    expect(Object.keys(res.body.data)).toContain(field);
    if (message) expect(res.body.data[field]).toContain(message);
  });

  it("names only the date that does not exist, not also a period it cannot measure", async () => {
    const res = await statement(a.testApiKey, "currency=XOF&from=2026-02-30&to=2026-03-01");
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ from: ["The from field must be a date in the format YYYY-MM-DD."] });
  });

  it("accepts exactly 92 days", async () => {
    const res = await statement(a.testApiKey, `currency=XOF&from=${day(-91)}&to=${day(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.closing_balance).toBe(res.body.data.opening_balance + res.body.data.total_credits + res.body.data.total_debits);
  });

  it("needs an API key", async () => {
    expect((await statement(null, `currency=XOF&from=${day(-1)}&to=${day(0)}`)).status).toBe(401);
  });

  it("shows only the key's merchant and mode", async () => {
    const q = `currency=XOF&from=${day(-11)}&to=${day(0)}`;
    const other = (await statement(b.testApiKey, q)).body.data;
    expect(other).toMatchObject({ opening_balance: 0, closing_balance: 777 });
    expect(other.movements).toHaveLength(1);
    const live = (await statement(a.liveApiKey, q)).body.data;
    expect(live).toMatchObject({ mode: "live", opening_balance: 0, closing_balance: 999 });
    expect(live.movements).toHaveLength(1);
    const test = (await statement(a.testApiKey, q)).body.data;
    expect(test.movements.some((m: { amount: number }) => m.amount === 999 || m.amount === 777)).toBe(false);
    // A currency without a wallet is an empty statement, not an error.
    expect((await statement(a.testApiKey, `currency=KES&from=${day(-1)}&to=${day(0)}`)).body.data).toMatchObject({ opening_balance: 0, closing_balance: 0, movements: [] });
  });
});
