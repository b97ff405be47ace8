import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { verifiedUserByEmail } from "../helpers/verified-user";
import { startTestApp, type TestApp } from "../helpers/app";
import { auditLog, users } from "@/server/db/schema";
import { createCallerFactory, type TrpcContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { loadUser, type SessionUser } from "@/server/auth/session";
import { recordAudit } from "@/server/audit/record";

/**
 * The audit log (issue 22) on a real database: the trigger refuses UPDATE, DELETE and
 * TRUNCATE whatever the code; dashboard, console and API changes are recorded with who
 * (user / operator / key prefix), what (before/after for settings), when, address and user
 * agent, in the same transaction as the change (a refused change records nothing); owners
 * read their own business only, operators every merchant; the CSV export is safe to open.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const as = (user: SessionUser | null, extra: Partial<TrpcContext> = {}) =>
  createCaller({ db: app.database.db, user, clientAddress: "203.0.113.50", userAgent: "Mozilla/5.0 (audit test)", ...extra });
const db = () => app.database.db;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

let seq = 0;
const userByEmail = (email: string): Promise<SessionUser> => verifiedUserByEmail(db(), email);
async function owner() {
  const email = `audit-${Date.now()}-${seq++}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Audit", email, password: "long enough pw" });
  const user = await userByEmail(email);
  const merchantId = (await as(user).account.me()).memberships[0].merchantId;
  return { merchantId, user };
}
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${String(err)}`;
  }
}
const entries = (merchantId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, action)));

describe("append-only", () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE of audit rows", async () => {
    const { merchantId } = await owner();
    const id = await recordAudit(db(), { merchantId, actor: { type: "system" }, action: "test_data.reset" });
    // drizzle wraps the driver's error ("Failed query: …"); the database's own words are its cause.
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => "allowed",
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(db().execute(sql`update audit_log set action = 'tampered' where id = ${id}`))).toBe("audit_log is append-only: UPDATE refused");
    expect(await refusal(db().execute(sql`delete from audit_log where id = ${id}`))).toBe("audit_log is append-only: DELETE refused");
    expect(await refusal(db().execute(sql`truncate audit_log`))).toBe("audit_log is append-only: TRUNCATE refused");
    const [row] = await db().select().from(auditLog).where(eq(auditLog.id, id));
    expect(row.action).toBe("test_data.reset");
  });
});

describe("dashboard changes", () => {
  it("record who, what (before/after), when, address and user agent", async () => {
    const { merchantId, user } = await owner();
    const started = Date.now();
    await as(user).merchant.rename({ merchantId, name: "Boutique Renommée" });
    await as(user).webhooks.setUrl({ merchantId, mode: "test", url: "https://hooks.example.com/sika" });
    await as(user).webhooks.setUrl({ merchantId, mode: "test", url: "https://user:secret@hooks.example.com/v2" });
    const inv = await as(user).team.invite({ merchantId, email: `dev-${seq++}@e2e.test`, role: "developer" });
    const key = await as(user).apiKeys.create({ merchantId, mode: "live", name: "ERP", scope: "read_only", allowedIps: "198.51.100.0/24" });
    await as(user).apiKeys.revoke({ merchantId, keyId: key.id });
    const rotated = await as(user).webhooks.rotateSecret({ merchantId, mode: "test" });
    expect((await as(user).webhooks.revealSecret({ merchantId, mode: "test" })).secret).toBe(rotated.secret);

    const [rename] = await entries(merchantId, "merchant.renamed");
    expect(rename).toMatchObject({ actorType: "user", actorId: user.id, actorLabel: user.email, ip: "203.0.113.50", userAgent: "Mozilla/5.0 (audit test)", mode: null });
    expect(rename.before).toEqual({ name: "Boutique Audit" });
    expect(rename.after).toEqual({ name: "Boutique Renommée" });
    expect(rename.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const urls = await entries(merchantId, "webhook.url_changed");
    expect(urls.map((u) => [u.before, u.after])).toEqual(
      expect.arrayContaining([
        [{ url: null }, { url: "https://hooks.example.com/sika" }],
        // Credentials in a URL never reach the log.
        [{ url: "https://hooks.example.com/sika" }, { url: "https://***@hooks.example.com/v2" }],
      ]),
    );
    expect(JSON.stringify(urls)).not.toContain("secret");
    const [invited] = await entries(merchantId, "team.invitation_created");
    expect(invited).toMatchObject({ targetId: inv.id });
    expect(JSON.stringify(invited)).not.toContain(inv.token);
    const [created] = await entries(merchantId, "api_key.created");
    expect(created).toMatchObject({ mode: "live", targetId: key.id });
    expect(created.after).toMatchObject({ scope: "read_only", allowed_ips: ["198.51.100.0/24"], display_prefix: key.displayPrefix });
    expect(JSON.stringify(created)).not.toContain(key.key);
    expect(await entries(merchantId, "api_key.revoked")).toHaveLength(1);
    expect(await entries(merchantId, "webhook.secret_rotated")).toHaveLength(1);
    const [revealed] = await entries(merchantId, "webhook.secret_revealed");
    expect(JSON.stringify(revealed)).not.toContain(rotated.secret);
  });

  it("a refused change records nothing (same transaction)", async () => {
    const { merchantId, user } = await owner();
    expect(await code(as(user).webhooks.setUrl({ merchantId, mode: "live", url: "http://127.0.0.1/hook" }))).toBe("BAD_REQUEST");
    expect(await code(as(user).apiKeys.create({ merchantId, mode: "test", allowedIps: "not-an-ip" }))).toBe("BAD_REQUEST");
    expect(await code(as(user).team.changeRole({ merchantId, userId: user.id, role: "viewer" }))).toBe("CONFLICT");
    const rows = await db().select().from(auditLog).where(eq(auditLog.merchantId, merchantId));
    expect(rows.map((r) => r.action)).toEqual([]);
  });
});

describe("console changes and reading the log", () => {
  it("operators' credits, KYC decisions and fee changes are recorded; owners read only their business, operators all", async () => {
    const a = await owner();
    const b = await owner();
    const [op] = await db().update(users).set({ isOperator: true }).where(eq(users.id, b.user.id)).returning({ id: users.id });
    const operator = (await loadUser(db(), op.id))!;
    await as(a.user).kyc.submit({ merchantId: a.merchantId, legalName: "Boutique Audit SARL", registrationNumber: "CI-ABJ-2026-B-1", countryCode: "CI", address: "Plateau, Abidjan", representative: "Awa Diop" });
    const [submission] = await as(operator).operator.kycSubmissions({ status: "pending" }).then((s) => s.filter((x) => x.merchantId === a.merchantId));
    await as(operator).operator.approveKyc({ submissionId: submission.id });
    await as(operator).operator.credit({ merchantId: a.merchantId, mode: "live", currency: "XOF", amount: "150000", reference: `bank-${seq++}` });
    await as(operator).operator.updateFeeRule({ direction: "payout", countryCode: "CI", network: "orange", currency: "XOF", ratePercent: "1.25", fixedAmount: "0" });

    expect(await entries(a.merchantId, "kyc.submitted")).toHaveLength(1);
    const [approved] = await entries(a.merchantId, "kyc.approved");
    expect(approved).toMatchObject({ actorType: "operator", actorLabel: operator.email, targetId: submission.id });
    const [credited] = await entries(a.merchantId, "wallet.credited");
    expect(credited).toMatchObject({ actorType: "operator", mode: "live" });
    expect(credited.after).toMatchObject({ currency: "XOF", amount: "150000" });
    const [fee] = await db().select().from(auditLog).where(eq(auditLog.action, "fee_rule.updated"));
    expect(fee.merchantId).toBeNull();
    expect(fee.after).toMatchObject({ rate_bps: 125, country_code: "CI", network: "orange" });
    expect(fee.before).toMatchObject({ country_code: "CI" });

    const own = await as(a.user).audit.list({ merchantId: a.merchantId });
    expect(own.items.map((i) => i.action)).toEqual(expect.arrayContaining(["kyc.approved", "wallet.credited", "kyc.submitted"]));
    expect(own.items.every((i) => i.merchantId === a.merchantId)).toBe(true);
    expect(await code(as(a.user).audit.list({ merchantId: b.merchantId }))).toBe("NOT_FOUND");
    const inv = await as(a.user).team.invite({ merchantId: a.merchantId, email: `dev-${seq++}@e2e.test`, role: "developer" });
    const dev = await userByEmail((await as(null).invitation.signUp({ token: inv.token, name: "dev", password: "another long pw" })).email);
    expect(await code(as(dev).audit.list({ merchantId: a.merchantId }))).toBe("FORBIDDEN");

    const filtered = await as(a.user).audit.list({ merchantId: a.merchantId, action: "wallet.credited", actor: operator.email.slice(0, 10) });
    expect(filtered.items).toHaveLength(1);
    const none = await as(a.user).audit.list({ merchantId: a.merchantId, from: "2000-01-01", to: "2000-01-02" });
    expect(none.items).toHaveLength(0);
    // A day that does not exist is refused, not sent to the database (a 2026-13-01 was an Invalid Date there);
    // the last day there is is a day like any other, its end past year 9999 no bound at all.
    expect(await code(as(a.user).audit.list({ merchantId: a.merchantId, from: "2026-13-01" }))).toBe("BAD_REQUEST");
    expect(await code(as(a.user).audit.list({ merchantId: a.merchantId, to: "2026-02-30" }))).toBe("BAD_REQUEST");
    const unfiltered = await as(a.user).audit.list({ merchantId: a.merchantId });
    expect((await as(a.user).audit.list({ merchantId: a.merchantId, from: "0001-01-01", to: "9999-12-31" })).items).toEqual(unfiltered.items);

    const everyone = await as(operator).operator.auditLog({});
    expect(new Set(everyone.items.map((i) => i.merchantId))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(everyone.items.some((i) => i.action === "fee_rule.updated" && i.merchantId === null)).toBe(true);
    expect(everyone.items.some((i) => i.merchantId === a.merchantId && i.merchantName === "Boutique Audit")).toBe(true);
    expect(await code(as(a.user).operator.auditLog({}))).toBe("FORBIDDEN");
  });

  it("pages with a cursor and exports CSV with formulas neutralised", async () => {
    const { merchantId, user } = await owner();
    await as(user).merchant.rename({ merchantId, name: "=HYPERLINK(\"http://evil\")" });
    for (let i = 0; i < 27; i++) await recordAudit(db(), { merchantId, actor: { type: "system" }, action: "test_data.reset" });
    const first = await as(user).audit.list({ merchantId });
    expect(first.items).toHaveLength(25);
    const second = await as(user).audit.list({ merchantId, cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(28);

    const out = await as(user).audit.exportCsv({ merchantId });
    const lines = out.csv.trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,merchant_id,merchant_name,mode,actor_type,actor,action,target_type,target_id,before,after,ip,user_agent");
    expect(lines).toHaveLength(29);
    expect(out).toMatchObject({ rows: 28, truncated: false });
    const renamed = lines.find((l) => l.includes("merchant.renamed"))!;
    expect(renamed).not.toMatch(/,=HYPERLINK/);
    expect(renamed).toContain("203.0.113.50");
  });
});
