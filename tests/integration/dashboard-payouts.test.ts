import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { users } from "@/server/db/schema";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { AppError } from "@/server/errors";
import { loadUser, type SessionUser } from "@/server/auth/session";
import { quoteFee } from "@/server/fees/quote";

/**
 * The dashboard's single payout (payouts.quote / payouts.create) on a real database:
 * the quote is the fee service's, creation goes through createPayout in the chosen
 * mode (ledger reservation, timeline, same refusals as the API), and roles are checked
 * on the server: viewers are refused whatever the page shows.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const as = (user: SessionUser | null) => createCaller({ db: app.database.db, user });

beforeAll(async () => {
  app = await startTestApp({ contract: false });
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
async function userByEmail(email: string): Promise<SessionUser> {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // These people opened the verification link (issue 22; that flow: accounts-email.test.ts).
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.id));
  return (await loadUser(app.database.db, row.id))!;
}
async function signUpOwner() {
  const email = `payout-owner-${Date.now()}-${seq++}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Payout", email, password: "long enough pw" });
  const owner = await userByEmail(email);
  const merchantId = (await as(owner).account.me()).memberships[0].merchantId;
  return { merchantId, owner };
}
async function join(merchantId: string, owner: SessionUser, role: "developer" | "viewer") {
  const inv = await as(owner).team.invite({ merchantId, email: `${role}-${Date.now()}-${seq++}@e2e.test`, role });
  const joined = await as(null).invitation.signUp({ token: inv.token, name: role, password: "another long pw" });
  return userByEmail(joined.email);
}

/** The thrown error's tRPC code and domain code, or "OK". */
async function outcome(p: Promise<unknown>): Promise<{ code: string; appCode: string | null }> {
  try {
    await p;
    return { code: "OK", appCode: null };
  } catch (err) {
    if (!(err instanceof TRPCError)) return { code: `unexpected: ${String(err)}`, appCode: null };
    return { code: err.code, appCode: err.cause instanceof AppError ? err.cause.code : null };
  }
}

const destination = { countryCode: "CI", network: "orange", currency: "XOF", amount: "20000" };
const recipient = { phoneNumber: "+2250707070707", beneficiary: "Moussa Traoré" };

describe("payouts procedures", () => {
  it("quotes exactly what the fee service quotes, for owners and developers only", async () => {
    const { merchantId, owner } = await signUpOwner();
    const developer = await join(merchantId, owner, "developer");
    const viewer = await join(merchantId, owner, "viewer");
    const q = await as(owner).payouts.quote({ merchantId, mode: "test", ...destination });
    const expected = await quoteFee(app.database.db, { direction: "payout", countryCode: "CI", network: "orange", currency: "XOF", amount: 2000000n });
    expect(q).toEqual({ amount: String(expected.amount), fee: String(expected.fee), chargedAmount: String(expected.charged_amount), currency: "XOF" });
    expect(Number(q.chargedAmount)).toBeGreaterThan(Number(q.amount));
    expect((await outcome(as(developer).payouts.quote({ merchantId, mode: "test", ...destination }))).code).toBe("OK");
    expect((await outcome(as(viewer).payouts.quote({ merchantId, mode: "test", ...destination }))).code).toBe("FORBIDDEN");
    expect((await outcome(as(null).payouts.quote({ merchantId, mode: "test", ...destination }))).code).toBe("UNAUTHORIZED");
    const stranger = await signUpOwner();
    expect((await outcome(as(stranger.owner).payouts.quote({ merchantId, mode: "test", ...destination }))).code).toBe("NOT_FOUND");
  });

  it("creates the payout through createPayout in the chosen mode, reserves the balance, and replays one confirmation once", async () => {
    const { merchantId, owner } = await signUpOwner();
    await as(owner).balances.topUpTest({ merchantId, mode: "test", currency: "XOF", amount: "100000" });
    const q = await as(owner).payouts.quote({ merchantId, mode: "test", ...destination });
    const input = { merchantId, mode: "test" as const, ...destination, ...recipient, orderId: "DASH-1", idempotencyKey: "confirm-0001" };
    const created = await as(owner).payouts.create(input);
    expect(created).toMatchObject({ status: "pending", amount: q.amount, fee: q.fee, chargedAmount: q.chargedAmount, currency: "XOF" });
    expect(created.id).toMatch(/^po_/);

    const again = await as(owner).payouts.create(input);
    expect(again.id).toBe(created.id);

    const [xof] = await as(owner).balances.list({ merchantId, mode: "test" });
    expect(Number(xof.available)).toBe(100000 - Number(q.chargedAmount));
    expect(Number(xof.inFlight)).toBe(Number(q.chargedAmount));
    const detail = await as(owner).transactions.detail({ merchantId, mode: "test", id: created.id });
    expect(detail.transaction).toMatchObject({ type: "payout", orderId: "DASH-1", beneficiary: "Moussa Traoré", countryCode: "CI", network: "orange" });
    // Nothing in live mode: the dashboard's mode is the payout's mode.
    expect((await as(owner).transactions.list({ merchantId, mode: "live", filters: {}, limit: 10 })).items).toHaveLength(0);
  });

  it("refuses viewers, and says which domain rule refused (balance, KYC, fields)", async () => {
    const { merchantId, owner } = await signUpOwner();
    const viewer = await join(merchantId, owner, "viewer");
    const developer = await join(merchantId, owner, "developer");
    const input = { merchantId, mode: "test" as const, ...destination, ...recipient, idempotencyKey: "confirm-0002" };

    expect(await outcome(as(viewer).payouts.create(input))).toEqual({ code: "FORBIDDEN", appCode: null });
    expect(await outcome(as(developer).payouts.create(input))).toEqual({ code: "BAD_REQUEST", appCode: "insufficient_balance" });
    expect(await outcome(as(owner).payouts.create({ ...input, mode: "live", idempotencyKey: "confirm-0003" }))).toEqual({ code: "FORBIDDEN", appCode: "kyc_required" });
    expect(await outcome(as(owner).payouts.create({ ...input, phoneNumber: "12", idempotencyKey: "confirm-0004" }))).toEqual({ code: "BAD_REQUEST", appCode: "validation_failed" });
    expect(await outcome(as(owner).payouts.create({ ...input, network: "nope", idempotencyKey: "confirm-0005" }))).toEqual({ code: "BAD_REQUEST", appCode: "validation_failed" });
    // Nothing was written by the refusals.
    expect((await as(owner).transactions.list({ merchantId, mode: "test", filters: {}, limit: 10 })).items).toHaveLength(0);
  });
});
