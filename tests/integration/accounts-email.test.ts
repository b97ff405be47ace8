import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { accountTokens, users } from "@/server/db/schema";
import { findUserByEmail } from "@/server/auth/users";
import { resetEnvCache } from "@/server/env";
import { forgetLimiters } from "@/server/rate-limit/store";
import { warnIfMailNotConfigured } from "@/server/mail/startup-check";
import { renderMail } from "@/server/mail/templates";
import { startAccountsWorld, tokenOf, type AccountsWorld } from "../helpers/accounts";
import { linkIn } from "../helpers/smtp-inbox";
import { TrpcCallError } from "../helpers/dashboard-http";
import { downloadRefusal } from "@/server/auth/dashboard-access";
import { loadUser } from "@/server/auth/session";

/** Issue 22: mail over real SMTP, email verification, password reset, invitations and notices, through HTTP. */
let w: AccountsWorld;
beforeAll(async () => {
  w = await startAccountsWorld();
});
afterAll(() => w.close());

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (err) {
    if (err instanceof TrpcCallError) return `${err.code}:${err.appCode ?? ""}`;
    throw err;
  }
}

describe("email verification", () => {
  it("mails a single-use link at sign-up; live mode and invitations wait for it, test mode does not", async () => {
    const { browser, email, merchantId } = await w.signUp("verify");
    // The sign-up mail was taken by signUp(); ask for another and use that one.
    await browser.mutate("security.resendVerification");
    const mail = await w.inbox.next(email, /Confirm your Sika email address/);
    expect(mail.from).toBe("no-reply@sika.test");
    expect(mail.text).toContain("48 hours");
    expect(mail.html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=/);

    expect((await browser.query<{ emailVerified: boolean }>("security.status")).emailVerified).toBe(false);
    expect(await refusal(browser.query("overview.get", { merchantId, mode: "test" }))).toBe("OK");
    expect(await refusal(browser.query("overview.get", { merchantId, mode: "live" }))).toBe("FORBIDDEN:email_unverified");
    expect(await refusal(browser.mutate("team.invite", { merchantId, email: "someone@accounts.test", role: "viewer" }))).toBe("FORBIDDEN:email_unverified");

    // The CSV downloads (plain GETs outside tRPC) follow the same rule.
    const before = (await loadUser(w.app.database.db, (await findUserByEmail(w.app.database.db, email))!.id))!;
    expect(await downloadRefusal(w.app.database.db, before, { merchantId, mode: "live" })).toMatchObject({ status: 403 });
    expect(await downloadRefusal(w.app.database.db, before, { merchantId, mode: "test" })).toBeNull();
    expect(await downloadRefusal(w.app.database.db, before, { merchantId: "mer_01NOTMINE000000000000000000", mode: "test" })).toMatchObject({ status: 404 });

    const token = tokenOf(linkIn(mail, "/verify-email"));
    expect(await browser.mutate("recovery.verifyEmail", { token })).toEqual({ verified: true });
    expect(await browser.mutate("recovery.verifyEmail", { token })).toEqual({ verified: false });
    expect((await browser.query<{ emailVerified: boolean }>("security.status")).emailVerified).toBe(true);
    expect(await refusal(browser.query("overview.get", { merchantId, mode: "live" }))).toBe("OK");
    const user = (await findUserByEmail(w.app.database.db, email))!;
    expect(await downloadRefusal(w.app.database.db, (await loadUser(w.app.database.db, user.id))!, { merchantId, mode: "live" })).toBeNull();
    expect(await w.auditActions(user.id)).toContain("user.email_verified");
  });

  it("stores only the hash, voids the previous link when a new one is sent, and refuses an expired link", async () => {
    const { browser, email } = await w.signUp("verify-old");
    await browser.mutate("security.resendVerification");
    const first = tokenOf(linkIn(await w.inbox.next(email), "/verify-email"));
    await browser.mutate("security.resendVerification");
    const second = tokenOf(linkIn(await w.inbox.next(email), "/verify-email"));
    const stored = await w.app.database.db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(stored.some((r) => r.hash === first || r.hash === second)).toBe(false);
    expect(await browser.mutate("recovery.verifyEmail", { token: first })).toEqual({ verified: false });
    await w.app.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accountTokens.purpose, "verify_email"));
    expect(await browser.mutate("recovery.verifyEmail", { token: second })).toEqual({ verified: false });
  });

  it("mails in the recipient's language (French sign-up → French mail)", async () => {
    const { browser, email } = await w.signUp("fr", { locale: "fr" });
    await browser.mutate("security.resendVerification");
    const mail = await w.inbox.next(email);
    expect(mail.subject).toBe("Confirmez votre adresse e-mail Sika");
    expect(mail.text).toContain("valable 48 heures");
    expect(mail.html).toContain('lang="fr"');
  });
});

describe("password reset", () => {
  it("answers the same for an unknown address, mails a one-hour single-use link, ends every session", async () => {
    const { browser, email, password, merchantId } = await w.signUp("reset", { verify: true });
    const stranger = w.browser();
    const known = await stranger.mutate<{ message: string }>("recovery.requestPasswordReset", { email: email.toUpperCase() });
    const unknown = await stranger.mutate<{ message: string }>("recovery.requestPasswordReset", { email: "nobody-here@accounts.test" });
    expect(unknown).toEqual(known);
    const mail = await w.inbox.next(email, /Reset your Sika password/);
    expect(mail.text).toContain("1 hour");
    await new Promise((r) => setTimeout(r, 200));
    expect(w.inbox.pending("nobody-here@accounts.test")).toEqual([]);

    const token = tokenOf(linkIn(mail, "/reset-password"));
    expect(await stranger.query("recovery.resetLinkStatus", { token })).toEqual({ usable: true });
    const short = await refusal(stranger.mutate("recovery.resetPassword", { token, newPassword: "short" }));
    expect(short).toBe("BAD_REQUEST:");
    expect(await stranger.mutate("recovery.resetPassword", { token, newPassword: "a brand new password" })).toEqual({ email });
    expect(await refusal(stranger.mutate("recovery.resetPassword", { token, newPassword: "yet another password" }))).toBe("BAD_REQUEST:validation_failed");
    expect(await stranger.query("recovery.resetLinkStatus", { token })).toEqual({ usable: false });

    // The session opened before the reset is over (users.session_version moved).
    expect(await refusal(browser.query("overview.get", { merchantId, mode: "test" }))).toBe("UNAUTHORIZED:");
    expect(await w.browser().signIn({ email, password })).toBe("CredentialsSignin");
    expect(await w.browser().signIn({ email, password: "a brand new password" })).toBe(true);
    const notice = await w.inbox.next(email, /password was changed/);
    expect(notice.text).toContain("signed out");
    const user = (await findUserByEmail(w.app.database.db, email))!;
    expect(await w.auditActions(user.id)).toContain("user.password_reset");
  });

  it("refuses an expired link and verifies the address of an unverified account it resets", async () => {
    const { email } = await w.signUp("reset-exp");
    const stranger = w.browser();
    await stranger.mutate("recovery.requestPasswordReset", { email });
    const first = tokenOf(linkIn(await w.inbox.next(email, /Reset/), "/reset-password"));
    await w.app.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.purpose, "reset_password"));
    expect(await refusal(stranger.mutate("recovery.resetPassword", { token: first, newPassword: "a brand new password" }))).toBe("BAD_REQUEST:validation_failed");
    await stranger.mutate("recovery.requestPasswordReset", { email });
    const second = tokenOf(linkIn(await w.inbox.next(email, /Reset/), "/reset-password"));
    await stranger.mutate("recovery.resetPassword", { token: second, newPassword: "a brand new password" });
    const [row] = await w.app.database.db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
    expect(row.verified).not.toBeNull();
  });

  it("throttles opened links per client address, at ACCOUNT_LINK_LIMIT_PER_HOUR (30 unless set)", async () => {
    const before = process.env.ACCOUNT_LINK_LIMIT_PER_HOUR;
    // A limiter is made once per name and process: a new setting needs a new one.
    const setting = (value: string | undefined) => {
      if (value === undefined) delete process.env.ACCOUNT_LINK_LIMIT_PER_HOUR;
      else process.env.ACCOUNT_LINK_LIMIT_PER_HOUR = value;
      resetEnvCache();
      forgetLimiters();
    };
    try {
      setting(undefined);
      const b = w.browser();
      for (let i = 0; i < 30; i++) expect(await b.mutate("recovery.verifyEmail", { token: `no-such-token-0000000000-${i}` })).toEqual({ verified: false });
      expect(await refusal(b.mutate("recovery.verifyEmail", { token: "no-such-token-0000000000-30" }))).toBe("TOO_MANY_REQUESTS:rate_limited");
      // A QA suite behind one address raises it.
      setting("40");
      const c = w.browser();
      for (let i = 0; i < 40; i++) expect(await c.mutate("recovery.verifyEmail", { token: `no-such-token-0000000000-${i}` })).toEqual({ verified: false });
      expect(await refusal(c.mutate("recovery.resetPassword", { token: "no-such-token-0000000000", newPassword: "a brand new password" }))).toBe("TOO_MANY_REQUESTS:rate_limited");
    } finally {
      setting(before);
    }
  });

  it("throttles reset requests per address typed (429, not a silent drop)", async () => {
    const b = w.browser();
    const email = "throttled-reset@accounts.test";
    for (let i = 0; i < 5; i++) await b.mutate("recovery.requestPasswordReset", { email });
    expect(await refusal(b.mutate("recovery.requestPasswordReset", { email }))).toBe("TOO_MANY_REQUESTS:rate_limited");
  });
});

describe("invitations and security notices", () => {
  it("mails the invitation in the inviter's language, the copy-link still works", async () => {
    const owner = await w.signUp("inviter", { locale: "fr", verify: true });
    const invitee = `invitee-${Date.now()}@accounts.test`;
    const inv = await owner.browser.mutate<{ token: string; mailed: boolean }>("team.invite", { merchantId: owner.merchantId, email: invitee, role: "developer" });
    expect(inv.mailed).toBe(true);
    const mail = await w.inbox.next(invitee);
    expect(mail.subject).toMatch(/vous invite à rejoindre Boutique inviter sur Sika/);
    expect(linkIn(mail, "/invite/")).toBe(`${w.web.baseUrl}/invite/${inv.token}`);
    // Joining through the link: a new account, verified like any other.
    const joiner = w.browser();
    await joiner.mutate("invitation.signUp", { token: inv.token, name: "Awa", password: "invited person pw" });
    expect((await w.inbox.next(invitee, /Confirm your Sika email/)).text).toContain("/verify-email?token=");
  });

  it("tells the owners of a new live key, and the user of a changed password; audits the change", async () => {
    const owner = await w.signUp("keys", { verify: true });
    await owner.browser.mutate("apiKeys.create", { merchantId: owner.merchantId, mode: "test", name: "test one" });
    await owner.browser.mutate("apiKeys.create", { merchantId: owner.merchantId, mode: "live", name: "Till 4" });
    const mail = await w.inbox.next(owner.email, /New live API key/);
    expect(mail.text).toMatch(/created the live key "Till 4" \(sk_live_/);
    expect(w.inbox.pending(owner.email)).toEqual([]);

    await owner.browser.mutate("account.changePassword", { currentPassword: owner.password, newPassword: "changed password 2" });
    expect((await w.inbox.next(owner.email, /password was changed/)).subject).toBe("Your Sika password was changed");
    const user = (await findUserByEmail(w.app.database.db, owner.email))!;
    expect(await w.auditActions(user.id)).toEqual(expect.arrayContaining(["user.signed_in", "user.email_verified", "user.password_changed"]));
  });
});

describe("without SMTP_URL", () => {
  it("reports mail as not configured, and a production start warns", async () => {
    const { browser } = await w.signUp("nomail");
    const url = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      expect((await browser.query<{ mailConfigured: boolean }>("security.status")).mailConfigured).toBe(false);
      expect(warnIfMailNotConfigured()).toBe(false);
      (process.env as Record<string, string>).NODE_ENV = "production";
      resetEnvCache();
      expect(warnIfMailNotConfigured()).toBe(true);
    } finally {
      (process.env as Record<string, string>).NODE_ENV = "test";
      process.env.SMTP_URL = url;
      resetEnvCache();
    }
  });

  it("renders every mail in both languages, text and HTML, with links written out", () => {
    const when = new Date("2026-11-25T10:00:00Z");
    for (const locale of ["en", "fr"] as const) {
      const m = renderMail({ kind: "reset_password", link: "https://pay.example.net/reset-password?token=abc" }, locale);
      expect(m.text).toContain("https://pay.example.net/reset-password?token=abc");
      expect(m.html).toContain("https://pay.example.net/reset-password?token=abc");
      const n = renderMail({ kind: "new_sign_in", when, ip: "203.0.113.9", userAgent: "<script>" }, locale);
      expect(n.html).toContain("&lt;script&gt;");
      expect(n.text).toContain("203.0.113.9");
    }
  });
});
