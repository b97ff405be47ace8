import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { generateSync } from "otplib";
import { linkIn, parseMail, type ReceivedMail } from "../helpers/smtp-inbox";

/**
 * Shared pieces of the e2e suite: a page that fails its test on any console error,
 * sign-up / sign-in helpers, the REST API with a key, a local webhook receiver and
 * the screenshot writer.
 */
/** Made by start-server.mjs with the admin CLI, two-factor sign-in on with this secret (issue 22). */
export const OPERATOR = { email: "operator@sika.test", password: "sika-operator-2026", totpSecret: "KRSXG5CTMVRXEZLUKN2XAZLSKNSWC4TF" };
export const SHOTS_DIR = path.join(import.meta.dirname, "screenshots");

/** Console errors we did not cause on purpose fail the test that produced them. */
const consoleOf = new WeakMap<Page, string[]>();

export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  consoleOf.set(page, errors);
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/**
 * A refusal the test provokes on purpose (a payout over the balance, live without KYC)
 * is logged by the browser as a failed request; take exactly those out, nothing else.
 */
export function allowRefusals(errors: string[], since: number, statuses: number[]): void {
  const expected = new RegExp(`status of (${statuses.join("|")}) `);
  for (let i = errors.length - 1; i >= since; i--) if (expected.test(errors[i])) errors.splice(i, 1);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, provide) => {
    const errors = watchConsole(page);
    await provide(errors);
    expect(errors, "console errors on the page").toEqual([]);
  },
});
export { expect };

let counter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@e2e.sika.test`;
}

export interface Account {
  email: string;
  password: string;
  business: string;
}

/**
 * Signs up through the page, then (unless `verify: false`) confirms the address with the
 * link from the verification mail, as the person would (live mode and invitations wait for it).
 */
export async function signUp(page: Page, tag: string, business = `Boutique ${tag} ${Date.now().toString(36)}`, opts: { verify?: boolean } = {}): Promise<Account> {
  const account = { email: uniqueEmail(tag), password: "e2e-password-2026", business };
  await page.goto("/signup");
  await page.getByLabel("Business name").fill(account.business);
  await page.getByLabel("Your name").fill("Aminata Koné");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  if (opts.verify !== false) {
    const link = linkIn(await readMail(account.email, /Confirm your Sika email/), "/verify-email");
    const verified = await trpcCall(page, "recovery.verifyEmail", "mutation", { token: new URL(link).searchParams.get("token") });
    expect(verified.body.result?.data.json).toEqual({ verified: true });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  }
  return account;
}

export async function signIn(page: Page, email: string, password: string, expectPath = "/dashboard"): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const errors = consoleOf.get(page);
  const since = errors?.length ?? 0;
  if (email === OPERATOR.email) {
    await page.getByLabel("Authentication code").fill(await operatorCode());
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL(`**${expectPath}`);
  // The operator's password step answers "code needed" with next-auth's 401, which the browser logs.
  if (errors && email === OPERATOR.email) allowRefusals(errors, since, [401]);
}

/**
 * Off to about:blank, e.g. before forgetting the session: a dashboard left open signed out
 * sends itself to /signin on its next poll's 401 and cuts off the test's next navigation. A
 * dashboard just reached may also start a navigation of its own that cuts off this one.
 */
export async function leaveForBlank(page: Page): Promise<void> {
  for (let i = 0; i < 5 && page.url() !== "about:blank"; i++) {
    await page.goto("about:blank").catch((err: Error) => {
      if (!/ERR_ABORTED|interrupted by another navigation/.test(err.message)) throw err;
    });
  }
  expect(page.url()).toBe("about:blank");
}

/** A second, independent browser session (another person), with its own console watch. */
export async function newSession(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "en-GB", timezoneId: "Africa/Nairobi" });
  const page = await context.newPage();
  const errors = watchConsole(page);
  return { page, errors, close: () => context.close() };
}

/** Creates an API key of the current mode on the Developers page and reads it from the one-time dialog. */
export async function createApiKey(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Key name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const keyEl = page.getByTestId("new-api-key");
  await expect(keyEl).toHaveText(/^sk_(test|live)_[A-Za-z0-9]{40,}$/);
  const key = (await keyEl.textContent())!.trim();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  return key;
}

/** The REST API as an integrator calls it. */
export async function api(request: APIRequestContext, key: string, method: "GET" | "POST", url: string, body?: unknown) {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: (await res.json()) as { status: string; message: string; data: Record<string, unknown> | null } };
}

/** tRPC over HTTP with the page's session cookies (as a hand-made request would be). */
export async function trpcCall(page: Page, procedure: string, type: "query" | "mutation", input?: unknown) {
  const payload = input === undefined ? undefined : JSON.stringify({ json: input });
  const res =
    type === "query"
      ? await page.request.get(`/api/trpc/${procedure}${payload ? `?input=${encodeURIComponent(payload)}` : ""}`)
      : await page.request.post(`/api/trpc/${procedure}`, { data: payload ?? "{}", headers: { "content-type": "application/json" } });
  return { status: res.status(), body: (await res.json()) as { result?: { data: { json: unknown } }; error?: { json: { message: string; data: { code: string } } } } };
}

export interface Receiver {
  url: string;
  requests: Array<{ headers: http.IncomingHttpHeaders; body: string; json: { transaction_id?: string; status?: string } }>;
  forTransaction(id: string): Receiver["requests"];
  close(): Promise<void>;
}

/** A merchant's webhook endpoint on this machine: answers 200 and keeps what it got. */
export async function startReceiver(): Promise<Receiver> {
  const requests: Receiver["requests"] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      let json = {};
      try {
        json = JSON.parse(body);
      } catch {
        // kept as text
      }
      requests.push({ headers: req.headers, body, json });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("received by e2e receiver");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sika/webhooks`,
    requests,
    forTransaction: (id) => requests.filter((r) => r.json.transaction_id === id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Viewport = "desktop" | "mobile";
export const VIEWPORTS: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
};

/**
 * Whether the suite writes its screenshots. They are for people to look at; CI, where nobody
 * does, sets E2E_SCREENSHOTS=0: a full-page PNG costs Chromium about half a second of CPU on
 * a 2-core machine, and the suite takes over two hundred (screenshots.spec.ts alone: 146 s
 * with them, 127 s without). The waits and checks before each shot still run.
 */
export const WRITE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== "0";

/** Full-page screenshot named <name>-<locale>-<viewport>.png, once the page has settled. */
export async function shoot(page: Page, name: string, locale: "en" | "fr", viewport: Viewport): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0);
  if (!WRITE_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${locale}-${viewport}.png`), fullPage: true, animations: "disabled" });
}

/**
 * Elements that stick out of the card (a `main section`) holding them, unless something
 * between scrolls or clips them (a table in its scroller, a <pre>). The page's own width can
 * stay inside the viewport while a button pokes past its card's border, which a look catches
 * and document.scrollWidth does not.
 */
export async function outsideTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of document.querySelectorAll("main section")) {
      const box = card.getBoundingClientRect();
      for (const el of card.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || (r.right <= box.right + 0.5 && r.left >= box.left - 0.5)) continue;
        let up = el.parentElement;
        while (up && up !== card && getComputedStyle(up).overflowX === "visible") up = up.parentElement;
        if (up === card) out.push(`<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}" spans ${Math.round(r.left)}-${Math.round(r.right)} px, its card ${Math.round(box.left)}-${Math.round(box.right)} px`);
      }
    }
    return out;
  });
}

/** start-server.mjs's SMTP server writes every mail here. */
const MAIL_DIR = path.join(import.meta.dirname, "..", "..", ".data-e2e", "mail");
const takenMail = new Set<string>();

/** Waits for a mail to `to` (matching `subject`) not read before, from the e2e SMTP server. */
export async function readMail(to: string, subject?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).filter((f) => f.endsWith(".json")).sort() : [];
    for (const f of files) {
      if (takenMail.has(f)) continue;
      const { to: rcpt, raw } = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), "utf8")) as { to: string[]; raw: string };
      if (!rcpt.includes(to.toLowerCase())) continue;
      const mail = parseMail(raw, rcpt, "");
      if (subject && !subject.test(mail.subject)) continue;
      takenMail.add(f);
      return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The operator's TOTP code. A code is good once (its 30 s step is recorded), and the specs
 * sign the operator in several times: each sign-in takes a later step than the last one
 * (now, or the next one, which the server accepts for clock drift), waiting when both are used.
 * The last step is kept in .data-e2e so a restarted worker knows it too.
 */
const STEP_FILE = path.join(import.meta.dirname, "..", "..", ".data-e2e", "operator-totp-step");
export async function operatorCode(secret = OPERATOR.totpSecret): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const last = fs.existsSync(STEP_FILE) ? Number(fs.readFileSync(STEP_FILE, "utf8")) : 0;
    const step = Math.max(now, last + 1);
    if (step <= now + 1 && (step === now || Date.now() % 30_000 < 25_000)) {
      fs.writeFileSync(STEP_FILE, String(step));
      return generateSync({ secret, epoch: step * 30 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
