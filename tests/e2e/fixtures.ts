import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

/**
 * Shared pieces of the e2e suite: a page that fails its test on any console error,
 * sign-up / sign-in helpers, the REST API with a key, a local webhook receiver and
 * the screenshot writer.
 */
export const OPERATOR = { email: "operator@sika.test", password: "sika-operator-2026" };
export const SHOTS_DIR = path.join(import.meta.dirname, "screenshots");

/** Console errors we did not cause on purpose fail the test that produced them. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
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

export async function signUp(page: Page, tag: string, business = `Boutique ${tag} ${Date.now().toString(36)}`): Promise<Account> {
  const account = { email: uniqueEmail(tag), password: "e2e-password-2026", business };
  await page.goto("/signup");
  await page.getByLabel("Business name").fill(account.business);
  await page.getByLabel("Your name").fill("Aminata Koné");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  return account;
}

export async function signIn(page: Page, email: string, password: string, expectPath = "/dashboard"): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`**${expectPath}`);
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

/** Full-page screenshot named <name>-<locale>-<viewport>.png, once the page has settled. */
export async function shoot(page: Page, name: string, locale: "en" | "fr", viewport: Viewport): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${locale}-${viewport}.png`), fullPage: true, animations: "disabled" });
}
