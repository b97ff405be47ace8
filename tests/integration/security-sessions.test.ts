import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { resetEnvCache } from "@/server/env";
import { userSessions } from "@/server/db/schema";
import { authOptions } from "@/server/auth/next-auth";
import { loadUser } from "@/server/auth/session";
import { endSessions, listSessions, startSession, touchSession } from "@/server/auth/user-sessions";
import { removeMember } from "@/server/team/members";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { forgetLimiters } from "@/server/rate-limit/store";

/**
 * Issue 19 §6: server-side sessions on a real database. The browser half (a saved cookie
 * refused after sign-out, Settings → Sessions) is tests/e2e/security-round-two.spec.ts.
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const saved = { ...process.env };
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startTestApp({ contract: false });
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const sessionRow = async (id: string) => (await app.database.db.select().from(userSessions).where(eq(userSessions.id, id)))[0];

describe("sign-in begins a server-side session the cookie names", () => {
  it("authorize records the device and the address; the JWT carries only the session id", async () => {
    forgetLimiters();
    const m = await app.createMerchant();
    const owner = (await loadUser(app.database.db, m.userId))!;
    const opts = authOptions();
    const provider = opts.providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<{ id: string; sessionId: string } | null> } };
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
    const user = await provider.options.authorize({ email: owner.email, password: "correct horse battery" }, { headers: { "user-agent": ua, "x-forwarded-for": "203.0.113.40" } });
    expect(user?.sessionId).toMatch(/^ses_/);
    const row = await sessionRow(user!.sessionId);
    expect(row).toMatchObject({ userId: m.userId, userAgent: ua, address: "203.0.113.40", endedAt: null });
    const token = await opts.callbacks!.jwt!({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
    expect(token).toMatchObject({ uid: m.userId, sid: user!.sessionId });

    // Signing out ends it on the server: the same cookie (token) is worthless afterwards.
    await opts.events!.signOut!({ token, session: null } as never);
    expect((await sessionRow(user!.sessionId)).endedReason).toBe("signed_out");
    expect(await touchSession(app.database.db, { sessionId: user!.sessionId, userId: m.userId })).toBe(false);
  });
});

describe("idle timeout and ending sessions", () => {
  it("a session unused for SESSION_IDLE_TIMEOUT_MINUTES ends; an active one does not", async () => {
    process.env.SESSION_IDLE_TIMEOUT_MINUTES = "30";
    resetEnvCache();
    const m = await app.createMerchant();
    const id = await startSession(app.database.db, { userId: m.userId, userAgent: "ua", address: "192.0.2.1" });
    const t0 = Date.now();
    expect(await touchSession(app.database.db, { sessionId: id, userId: m.userId, now: new Date(t0 + 29 * MINUTE) })).toBe(true);
    // Last seen moved to t0+29 min: 29 more minutes are fine, 31 are not.
    expect(await touchSession(app.database.db, { sessionId: id, userId: m.userId, now: new Date(t0 + 58 * MINUTE) })).toBe(true);
    expect(await touchSession(app.database.db, { sessionId: id, userId: m.userId, now: new Date(t0 + 90 * MINUTE) })).toBe(false);
    expect((await sessionRow(id)).endedReason).toBe("idle");
  });

  it("another user's session id is not yours to touch or end", async () => {
    const a = await app.createMerchant();
    const b = await app.createMerchant();
    const id = await startSession(app.database.db, { userId: a.userId });
    expect(await touchSession(app.database.db, { sessionId: id, userId: b.userId })).toBe(false);
    const asB = createCaller({ db: app.database.db, user: { ...(await loadUser(app.database.db, b.userId))!, sessionId: "ses_b" } });
    await expect(asB.sessions.end({ sessionId: id })).rejects.toThrow(/not found/i);
    expect((await sessionRow(id)).endedAt).toBeNull();
  });

  it("Settings lists the user's sessions and ends one or all the others", async () => {
    const m = await app.createMerchant();
    const here = await startSession(app.database.db, { userId: m.userId, userAgent: "here", address: "192.0.2.10" });
    const phone = await startSession(app.database.db, { userId: m.userId, userAgent: "phone", address: "192.0.2.11" });
    const cafe = await startSession(app.database.db, { userId: m.userId, userAgent: "cafe", address: "192.0.2.12" });
    const me = createCaller({ db: app.database.db, user: { ...(await loadUser(app.database.db, m.userId))!, sessionId: here } });
    const list = await me.sessions.list();
    expect(list.map((s) => s.userAgent).sort()).toEqual(["cafe", "here", "phone"]);
    expect(list.find((s) => s.current)?.id).toBe(here);
    expect(await me.sessions.end({ sessionId: phone })).toEqual({ ok: true });
    expect((await me.sessions.list()).map((s) => s.id).sort()).toEqual([cafe, here].sort());
    expect(await me.sessions.endOthers()).toEqual({ ended: 1 });
    expect((await me.sessions.list()).map((s) => s.id)).toEqual([here]);
  });

  it("a session_version bump (password change, team removal, issue 22's reset) still ends every session", async () => {
    const m = await app.createMerchant();
    const owner = (await loadUser(app.database.db, m.userId))!;
    const a = await startSession(app.database.db, { userId: m.userId });
    const b = await startSession(app.database.db, { userId: m.userId });
    expect(await endSessions(app.database.db, m.userId)).toBe(2);
    for (const id of [a, b]) expect(await touchSession(app.database.db, { sessionId: id, userId: m.userId })).toBe(false);
    expect(await loadUser(app.database.db, m.userId, 1)).toBeNull(); // a cookie of version 1
    expect(await listSessions(app.database.db, { userId: owner.id, currentId: null })).toEqual([]);
  });

  it("removal from a team ends the member's sessions", async () => {
    const m = await app.createMerchant();
    const owner = (await loadUser(app.database.db, m.userId))!;
    const inv = await createCaller({ db: app.database.db, user: owner }).team.invite({ merchantId: m.merchantId, email: `gone-${Date.now()}@example.com`, role: "viewer" });
    const joined = await createCaller({ db: app.database.db, user: null, clientAddress: "192.0.2.90" }).invitation.signUp({ token: inv.token, name: "Gone", password: "long enough password" });
    const member = await app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, joined.email) });
    const id = await startSession(app.database.db, { userId: member!.id });
    await removeMember(app.database.db, { merchantId: m.merchantId, userId: member!.id });
    expect(await touchSession(app.database.db, { sessionId: id, userId: member!.id })).toBe(false);
  });
});
