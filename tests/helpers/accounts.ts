import { and, eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { startTestApp, type TestApp } from "./app";
import { startDashboardServer, Browser, type DashboardServer } from "./dashboard-http";
import { startSmtpInbox, linkIn, type SmtpInbox } from "./smtp-inbox";
import { resetEnvCache } from "@/server/env";
import { auditLog } from "@/server/db/schema";

/**
 * The accounts suites' world: the app's database, the dashboard over HTTP (next-auth +
 * tRPC), and a real SMTP server that SMTP_URL points at. Links in mails point at the
 * dashboard server (PUBLIC_BASE_URL).
 */
export interface AccountsWorld {
  app: TestApp;
  web: DashboardServer;
  inbox: SmtpInbox;
  browser(opts?: { userAgent?: string; address?: string }): Browser;
  /** Signs up through account.signUp and returns the signed-in browser. */
  signUp(tag: string, opts?: { locale?: "en" | "fr"; verify?: boolean }): Promise<{ browser: Browser; email: string; password: string; merchantId: string }>;
  auditActions(targetUserId: string): Promise<string[]>;
  close(): Promise<void>;
}

const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, TRUSTED_PROXIES: process.env.TRUSTED_PROXIES };
let seq = 0;

export async function startAccountsWorld(): Promise<AccountsWorld> {
  const app = await startTestApp({ contract: false });
  const inbox = await startSmtpInbox();
  const web = await startDashboardServer();
  process.env.SMTP_URL = inbox.url;
  process.env.PUBLIC_BASE_URL = web.baseUrl;
  // Each Browser stands behind a proxy of ours that sets X-Forwarded-For (issue 19 §4).
  process.env.TRUSTED_PROXIES = "1";
  resetEnvCache();
  const world: AccountsWorld = {
    app,
    web,
    inbox,
    browser: (opts) => new Browser(web.baseUrl, { address: `198.51.100.${(seq++ % 200) + 1}`, ...opts }),
    async signUp(tag, opts = {}) {
      const email = `${tag}-${Date.now().toString(36)}-${seq++}@accounts.test`;
      const password = "a long enough password";
      const browser = world.browser();
      // Sign-up answers alike for new and known addresses (issue 19 §8): the business is read back after signing in.
      await browser.mutate("account.signUp", { businessName: `Boutique ${tag}`, email, password, locale: opts.locale });
      if ((await browser.signIn({ email, password })) !== true) throw new Error("sign-in after sign-up failed");
      const merchantId = (await browser.query<{ memberships: Array<{ merchantId: string }> }>("account.me")).memberships[0].merchantId;
      const mail = await inbox.next(email, /Sika/);
      if (opts.verify) await browser.mutate("recovery.verifyEmail", { token: tokenOf(linkIn(mail, "/verify-email")) });
      return { browser, email, password, merchantId };
    },
    async auditActions(userId) {
      const rows = await app.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)))
        .orderBy(auditLog.createdAt);
      return rows.map((r) => r.action);
    },
    async close() {
      await web.close();
      await inbox.close();
      await app.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetEnvCache();
    },
  };
  return world;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

/** The TOTP code an authenticator app shows `offsetSteps` steps from now. */
export function totp(secret: string, offsetSteps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}
