import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { verifiedUserByEmail } from "../helpers/verified-user";
import { startTestApp, type TestApp } from "../helpers/app";
import { users } from "@/server/db/schema";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { loadUser, type SessionUser } from "@/server/auth/session";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { csvCell } from "@/server/reports/csv";
import { lastDays } from "@/server/reports/overview";
import { hashPassword } from "@/server/auth/passwords";
import { newId } from "@/server/ids";
import { and, eq } from "drizzle-orm";
import { auditLog } from "@/server/db/schema";

/**
 * The dashboard's tRPC API on a real database: the four tiers (signed out, member by
 * role, other merchant, operator), sign-up, invitations, KYC review, the overview
 * figures and the test top-up. Calls go through the router exactly as HTTP ones do.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const as = (user: SessionUser | null) => createCaller({ db: app.database.db, user });

const userByEmail = (email: string): Promise<SessionUser> => verifiedUserByEmail(app.database.db, email);

async function makeOperator(): Promise<SessionUser> {
  const id = newId("user");
  await app.database.db.insert(users).values({ id, email: `op-${id}@sika.test`, passwordHash: await hashPassword("operator-pw-1"), isOperator: true });
  return (await loadUser(app.database.db, id))!;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${String(err)}`;
  }
}

let seq = 0;
async function signUpOwner() {
  const email = `owner-${Date.now()}-${seq++}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Test", email, password: "long enough pw" });
  const owner = await userByEmail(email);
  const merchantId = (await as(owner).account.me()).memberships[0].merchantId;
  return { merchantId, owner };
}

async function inviteAndJoin(merchantId: string, owner: SessionUser, role: "developer" | "viewer") {
  const inv = await as(owner).team.invite({ merchantId, email: `${role}-${seq++}@e2e.test`, role });
  const joined = await as(null).invitation.signUp({ token: inv.token, name: role, password: "another long pw" });
  return { user: await userByEmail(joined.email), token: inv.token };
}

describe("tiers", () => {
  it("refuses signed-out callers, hides other merchants, and checks roles on the server", async () => {
    const a = await signUpOwner();
    const b = await signUpOwner();
    expect(await code(as(null).apiKeys.list({ merchantId: a.merchantId, mode: "test" }))).toBe("UNAUTHORIZED");
    expect(await code(as(b.owner).apiKeys.list({ merchantId: a.merchantId, mode: "test" }))).toBe("NOT_FOUND");

    const viewer = (await inviteAndJoin(a.merchantId, a.owner, "viewer")).user;
    const developer = (await inviteAndJoin(a.merchantId, a.owner, "developer")).user;
    expect(await code(as(viewer).apiKeys.list({ merchantId: a.merchantId, mode: "test" }))).toBe("OK");
    expect(await code(as(viewer).apiKeys.create({ merchantId: a.merchantId, mode: "test" }))).toBe("FORBIDDEN");
    expect(await code(as(viewer).webhooks.revealSecret({ merchantId: a.merchantId, mode: "test" }))).toBe("FORBIDDEN");
    expect(await code(as(developer).team.invite({ merchantId: a.merchantId, email: "x@y.zz", role: "viewer" }))).toBe("FORBIDDEN");
    expect(await code(as(developer).kyc.submit({ merchantId: a.merchantId, legalName: "L", registrationNumber: "R", countryCode: "SN", address: "A", representative: "P" }))).toBe(
      "FORBIDDEN",
    );

    const created = await as(developer).apiKeys.create({ merchantId: a.merchantId, mode: "live", name: "srv" });
    expect(created.key).toMatch(/^sk_live_/);
    const listed = await as(viewer).apiKeys.list({ merchantId: a.merchantId, mode: "live" });
    expect(listed.map((k) => k.displayPrefix)).toEqual([created.displayPrefix]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(await as(viewer).apiKeys.list({ merchantId: a.merchantId, mode: "test" })).toEqual([]);
    // Another merchant's key id cannot be revoked through your own merchant.
    expect(await code(as(b.owner).apiKeys.revoke({ merchantId: b.merchantId, keyId: created.id }))).toBe("NOT_FOUND");

    expect(await code(as(a.owner).operator.merchants({}))).toBe("FORBIDDEN");
    const op = await makeOperator();
    const found = await as(op).operator.merchants({ search: a.owner.email });
    expect(found.rows.map((r) => [r.id, r.ownerEmail, r.memberCount])).toEqual([[a.merchantId, a.owner.email, 3]]);
  });

  it("maps domain validation errors to BAD_REQUEST with the field messages", async () => {
    // (A taken email at sign-up is no longer an error: issue 19 §8, no account oracle.)
    const a = await signUpOwner();
    try {
      await as(a.owner).team.invite({ merchantId: a.merchantId, email: a.owner.email.toUpperCase(), role: "viewer" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe("BAD_REQUEST");
      expect((err as TRPCError).message).toBe("Validation failed");
    }
  });
});

describe("invitations", () => {
  it("work once, only for the invited address, and can be revoked", async () => {
    const a = await signUpOwner();
    const { user, token } = await inviteAndJoin(a.merchantId, a.owner, "developer");
    expect((await as(user).account.me()).memberships.map((m) => [m.merchantId, m.role])).toEqual([[a.merchantId, "developer"]]);
    expect((await as(null).invitation.lookup({ token }))?.state).toBe("accepted");
    expect(await code(as(null).invitation.signUp({ token, name: "again", password: "another long pw" }))).toBe("CONFLICT");

    const other = await signUpOwner();
    const inv = await as(a.owner).team.invite({ merchantId: a.merchantId, email: "someone-else@e2e.test", role: "viewer" });
    expect(await code(as(other.owner).invitation.accept({ token: inv.token }))).toBe("FORBIDDEN");
    await as(a.owner).team.revokeInvitation({ merchantId: a.merchantId, invitationId: inv.id });
    expect((await as(null).invitation.lookup({ token: inv.token }))?.state).toBe("revoked");
    expect(await as(null).invitation.lookup({ token: "x".repeat(43) })).toBeNull();
    expect(await as(a.owner).team.invitations({ merchantId: a.merchantId })).toEqual([]);
  });

  it("keeps at least one owner", async () => {
    const a = await signUpOwner();
    expect(await code(as(a.owner).team.changeRole({ merchantId: a.merchantId, userId: a.owner.id, role: "viewer" }))).toBe("CONFLICT");
  });
});

describe("KYC", () => {
  it("goes pending on submission, then approved or rejected with a reason by an operator", async () => {
    const a = await signUpOwner();
    const op = await makeOperator();
    const details = { merchantId: a.merchantId, legalName: "Boutique SARL", registrationNumber: "SN-DKR-1", countryCode: "sn", address: "Dakar", representative: "Awa" };
    await as(a.owner).kyc.submit(details);
    expect((await as(a.owner).kyc.get({ merchantId: a.merchantId })).status).toBe("pending");
    expect(await code(as(a.owner).kyc.submit(details))).toBe("CONFLICT");

    const [sub] = (await as(op).operator.kycSubmissions({ status: "pending" })).filter((s) => s.merchantId === a.merchantId);
    expect(sub.countryCode).toBe("SN");
    expect(await code(as(op).operator.rejectKyc({ submissionId: sub.id, reason: "  " }))).toBe("BAD_REQUEST");
    await as(op).operator.rejectKyc({ submissionId: sub.id, reason: "Registration number unreadable" });
    expect(await as(a.owner).kyc.get({ merchantId: a.merchantId })).toMatchObject({ status: "rejected", rejectionReason: "Registration number unreadable" });

    await as(a.owner).kyc.submit({ ...details, registrationNumber: "SN-DKR-2" });
    const [again] = (await as(op).operator.kycSubmissions({ status: "pending" })).filter((s) => s.merchantId === a.merchantId);
    await as(op).operator.approveKyc({ submissionId: again.id });
    expect(await as(a.owner).kyc.get({ merchantId: a.merchantId })).toMatchObject({ status: "approved", rejectionReason: null });
    expect(await code(as(op).operator.approveKyc({ submissionId: again.id }))).toBe("CONFLICT");
  });
});

describe("money on the dashboard", () => {
  it("a top-up confirmation sent twice (a retry after a dropped connection) credits once; a new key credits again", async () => {
    const a = await signUpOwner();
    const scope = { merchantId: a.merchantId, mode: "test" as const };
    const first = await as(a.owner).balances.topUpTest({ ...scope, currency: "XOF", amount: "5000", idempotencyKey: "attempt-0001" });
    const again = await as(a.owner).balances.topUpTest({ ...scope, currency: "XOF", amount: "5000", idempotencyKey: "attempt-0001" });
    expect(again.reference).toBe(first.reference);
    expect(again.available).toBe("5000");
    const balances = async () => (await as(a.owner).balances.list(scope)).map((b) => [b.currency, b.available]);
    expect(await balances()).toEqual([["XOF", "5000"]]);
    const audited = () => app.database.db.select().from(auditLog).where(and(eq(auditLog.merchantId, a.merchantId), eq(auditLog.action, "wallet.test_top_up")));
    expect(await audited()).toHaveLength(1);

    // The dialog renews its key on any edit; another key (or another amount) is another credit.
    await as(a.owner).balances.topUpTest({ ...scope, currency: "XOF", amount: "5000", idempotencyKey: "attempt-0002" });
    await as(a.owner).balances.topUpTest({ ...scope, currency: "XOF", amount: "7000", idempotencyKey: "attempt-0002" });
    expect(await balances()).toEqual([["XOF", "17000"]]);
    expect(await audited()).toHaveLength(3);
  });

  it("tops up test balances only, and the overview counts volume and success per currency", async () => {
    const a = await signUpOwner();
    expect(await code(as(a.owner).balances.topUpTest({ merchantId: a.merchantId, mode: "live", currency: "XOF", amount: "1000" }))).toBe("FORBIDDEN");
    expect(await code(as(a.owner).balances.topUpTest({ merchantId: a.merchantId, mode: "test", currency: "XOF", amount: "10.123" }))).toBe("BAD_REQUEST");
    const top = await as(a.owner).balances.topUpTest({ merchantId: a.merchantId, mode: "test", currency: "xof", amount: "150 000" });
    expect(top.available).toBe("150000");

    const { key } = await as(a.owner).apiKeys.create({ merchantId: a.merchantId, mode: "test" });
    for (const phone of ["+2250701020304", "+2250701020305", "+2250701000001"]) {
      const r = await app.request("/api/v1/merchant/payin", {
        method: "POST",
        key,
        json: { amount: 1000.5, currency: "XOF", metadata: { phone_number: phone, country_code: "CI", network: "mtn" } },
      });
      expect(r.status).toBe(200);
    }
    await runWorkerBatch(app.database.db);

    const o = await as(a.owner).overview.get({ merchantId: a.merchantId, mode: "test", timeZone: "Africa/Nairobi" });
    expect(o.balances).toEqual([{ currency: "XOF", available: expect.any(String), inFlight: "0" }]);
    const xof = o.activity.find((x) => x.currency === "XOF")!;
    expect(xof.today.total).toBe(3);
    expect(xof.today.finished).toBe(3);
    expect(xof.today.successful).toBe(2);
    expect(xof.today.successRate).toBeCloseTo(2 / 3);
    expect(xof.daily).toHaveLength(30);
    expect(xof.last30Days.volume).toBe(xof.today.volume);
    expect(o.recent).toHaveLength(3);
    // Nothing leaks into live mode.
    expect((await as(a.owner).overview.get({ merchantId: a.merchantId, mode: "live" })).activity).toEqual([]);

    const page = await as(a.owner).transactions.list({ merchantId: a.merchantId, mode: "test", filters: { status: "failed" } });
    expect(page.items).toHaveLength(1);
    const detail = await as(a.owner).transactions.detail({ merchantId: a.merchantId, mode: "test", id: page.items[0].id });
    expect(detail.timeline.map((e) => e.toStatus)).toEqual(["pending", "failed"]);
    expect(await code(as(a.owner).transactions.detail({ merchantId: a.merchantId, mode: "live", id: page.items[0].id }))).toBe("NOT_FOUND");
    expect(await code(as(a.owner).transactions.resendWebhook({ merchantId: a.merchantId, mode: "test", id: page.items[0].id }))).toBe("BAD_REQUEST");
  });

  it("cuts days in the viewer's time zone", () => {
    const at = new Date("2026-03-01T22:30:00Z");
    expect(lastDays("UTC", at).at(-1)).toBe("2026-03-01");
    expect(lastDays("Africa/Nairobi", at).at(-1)).toBe("2026-03-02");
    expect(lastDays("Africa/Nairobi", at)[0]).toBe("2026-02-01");
  });
});

describe("CSV cells", () => {
  it("quotes separators and neutralises formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(null)).toBe("");
  });
});
