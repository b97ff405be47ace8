import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { resetEnvCache } from "@/server/env";
import { users } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { hashPassword, targetCost, verifyPassword } from "@/server/auth/passwords";
import { checkCredentials } from "@/server/auth/sign-in";
import { loadUser } from "@/server/auth/session";
import { authOptions } from "@/server/auth/next-auth";
import { sessionCookieName } from "@/server/auth/cookies";
import { safeNextPath, safeRedirectUrl } from "@/server/auth/redirect";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";

/** Issue 10 §5 / D14: redirects, cookies, sessions, ids, password cost, security headers. */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);
const saved = { ...process.env };

beforeAll(async () => {
  app = await startTestApp({ contract: false });
});
afterAll(() => app.close());
afterEach(() => {
  for (const k of ["NODE_ENV", "PASSWORD_HASH_LOG_N", "NEXTAUTH_URL", "PUBLIC_BASE_URL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});

async function ownerOf(m: { userId: string }) {
  const [u] = await app.database.db.select().from(users).where(eq(users.id, m.userId));
  return u;
}

describe("after sign-in, same-origin paths only", () => {
  const base = "https://pay.example.net";
  it.each(["/\\example.org", "/\\t/example.org", "/\t/example.org", "//example.org", "https://example.org", "/\\/example.org", "javascript:alert(1)", " /x"])(
    "%j lands on /dashboard",
    (target) => {
      expect(safeNextPath(target)).toBe("/dashboard");
      expect(safeRedirectUrl(target, base)).toBe(`${base}/dashboard`);
    },
  );
  it("keeps a same-origin path or URL", () => {
    expect(safeNextPath("/dashboard/transactions?status=failed")).toBe("/dashboard/transactions?status=failed");
    expect(safeRedirectUrl(`${base}/console/kyc`, base)).toBe(`${base}/console/kyc`);
    expect(safeRedirectUrl("/invite/abc", base)).toBe(`${base}/invite/abc`);
  });
  it("is next-auth's redirect callback", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    expect(await redirect({ url: "//example.org", baseUrl: base })).toBe(`${base}/dashboard`);
    expect(await redirect({ url: "https://example.org/x", baseUrl: base })).toBe(`${base}/dashboard`);
  });
});

describe("session cookies", () => {
  it("are Secure (__Secure- prefix) when the public URL is https, not on plain http", () => {
    process.env.NEXTAUTH_URL = "https://pay.example.net";
    resetEnvCache();
    expect(authOptions().useSecureCookies).toBe(true);
    expect(sessionCookieName()).toBe("__Secure-next-auth.session-token");
    process.env.NEXTAUTH_URL = "http://127.0.0.1:3000";
    resetEnvCache();
    expect(authOptions().useSecureCookies).toBe(false);
    expect(sessionCookieName()).toBe("next-auth.session-token");
  });
});

describe("ending sessions", () => {
  it("a password change ends the user's earlier sessions (and needs the current password)", async () => {
    const m = await app.createMerchant();
    const owner = await ownerOf(m);
    const issuedUnder = owner.sessionVersion;
    expect(await loadUser(app.database.db, owner.id, issuedUnder)).not.toBeNull();
    const caller = createCaller({ db: app.database.db, user: (await loadUser(app.database.db, owner.id))!, clientAddress: "192.0.2.1" });
    await expect(caller.account.changePassword({ currentPassword: "not it", newPassword: "a brand new password" })).rejects.toThrow();
    await caller.account.changePassword({ currentPassword: "correct horse battery", newPassword: "a brand new password" });
    expect(await loadUser(app.database.db, owner.id, issuedUnder)).toBeNull();
    const again = await checkCredentials(app.database.db, { email: owner.email, password: "a brand new password", address: "192.0.2.2" });
    expect(again).not.toBeNull();
    expect(await loadUser(app.database.db, owner.id, again!.sessionVersion)).not.toBeNull();
  });

  it("an owner removing a member ends that member's sessions", async () => {
    const m = await app.createMerchant();
    const other = await app.createMerchant();
    const member = await ownerOf(other);
    await app.database.db.execute(
      `insert into memberships (merchant_id, user_id, role) values ('${m.merchantId}', '${member.id}', 'developer')` as never,
    );
    const ownerCaller = createCaller({ db: app.database.db, user: (await loadUser(app.database.db, m.userId))! });
    await ownerCaller.team.removeMember({ merchantId: m.merchantId, userId: member.id });
    expect(await loadUser(app.database.db, member.id, member.sessionVersion)).toBeNull();
  });
});

describe("transaction ids", () => {
  it("are not derivable from a neighbour created in the same millisecond", () => {
    const ids = Array.from({ length: 2000 }, () => newId("payin").slice(3));
    let sameMs = 0;
    for (let i = 1; i < ids.length; i++) {
      const [a, b] = [ids[i - 1], ids[i]];
      if (a.slice(0, 10) !== b.slice(0, 10)) continue;
      sameMs++;
      // A monotonic factory makes them share 15 of 16 random characters.
      let shared = 0;
      while (shared < 16 && a[10 + shared] === b[10 + shared]) shared++;
      expect(shared).toBeLessThan(8);
    }
    expect(sameMs).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("password hashing", () => {
  it("costs N=2^17, r=8, p=1 in production whatever PASSWORD_HASH_LOG_N says", async () => {
    (process.env as Record<string, string>).NODE_ENV = "production";
    process.env.PASSWORD_HASH_LOG_N = "14";
    resetEnvCache();
    expect(targetCost()).toBe(2 ** 17);
    const hash = await hashPassword("pw at full cost");
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(await verifyPassword("pw at full cost", hash)).toBe(true);
  });

  it("upgrades an older, cheaper hash on the next successful sign-in", async () => {
    const m = await app.createMerchant();
    const owner = await ownerOf(m);
    await app.database.db.update(users).set({ passwordHash: await hashPassword("correct horse battery", 2 ** 15) }).where(eq(users.id, owner.id));
    process.env.PASSWORD_HASH_LOG_N = "17";
    resetEnvCache();
    expect(await checkCredentials(app.database.db, { email: owner.email, password: "correct horse battery", address: "192.0.2.3" })).not.toBeNull();
    const after = await ownerOf(m);
    expect(after.passwordHash.split("$")[1]).toBe("131072");
    expect(await verifyPassword("correct horse battery", after.passwordHash)).toBe(true);
  });
});

describe("security headers on the lean entry", () => {
  it("sends the API's set (CSP default-src 'none', nosniff, DENY, no-referrer, no-store); HSTS behind https", async () => {
    const plain = await fetch(`${app.baseUrl}/api/healthz`);
    expect(plain.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    expect(plain.headers.get("referrer-policy")).toBe("no-referrer");
    expect(plain.headers.get("cache-control")).toBe("no-store");
    // Document-only policies are not sent on JSON.
    expect(plain.headers.get("permissions-policy")).toBeNull();
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const tls = await fetch(`${app.baseUrl}/api/v1/nope`, { headers: { "x-forwarded-proto": "https" } });
    expect(tls.status).toBe(404);
    expect(tls.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(tls.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
    expect(tls.headers.get("cache-control")).toBe("no-store");
    // An endpoint may choose its own caching: the OpenAPI document is public for 5 minutes, and says so once.
    const doc = await fetch(`${app.baseUrl}/api/v1/openapi.json`);
    expect(doc.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
