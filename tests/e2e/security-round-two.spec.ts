import fs from "node:fs";
import http from "node:http";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { allowRefusals, api, createApiKey, expect, newSession, shoot, signIn, signUp, test, VIEWPORTS } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Issue 19 against `npm start`'s production server (the build Playwright made). The
 * HTTP findings run on a second server of the same build started here with production
 * defaults: no TRUSTED_PROXIES, only NEXTAUTH_URL as the public URL, 3 sign-ups per address
 * an hour, its own database. The dashboard flows (Settings → Sessions, the member removal
 * dialog) run on the suite's server.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnServer;
let api2: APIRequestContext;

test.describe.serial("production server with production defaults", () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer(1, "security", {
      SECRETS_KEY: "f".repeat(64),
      NEXTAUTH_SECRET: "e2e-security-round-two-secret-0123456789",
      PUBLIC_BASE_URL: undefined,
      TRUSTED_PROXIES: undefined,
      SIGNUP_LIMIT_PER_HOUR: "3",
      LOG_LEVEL: "warn",
    });
    api2 = await playwrightRequest.newContext({ baseURL: BASE });
  });
  test.afterAll(async () => {
    await api2?.dispose();
    await server?.stop();
  });

  const owner = { email: `victim-${Date.now()}@e2e.sika.test`, password: "correct horse battery staple" };
  const signUpAs = (ip: string, email: string, password = owner.password) =>
    api2.post("/api/trpc/account.signUp", { headers: { "content-type": "application/json", "x-forwarded-for": ip }, data: JSON.stringify({ json: { businessName: "Boutique", email, password } }) });

  test("§4 + §8: invented X-Forwarded-For buys no sign-ups; a taken email gets the new-account answer", async () => {
    const first = await signUpAs("198.51.100.1", owner.email);
    const taken = await signUpAs("198.51.100.2", owner.email, "attacker's guess 1");
    expect([first.status(), taken.status()]).toEqual([200, 200]);
    expect(await taken.text()).toBe(await first.text()); // byte for byte: {"result":{"data":{"json":{"ok":true}}}}
    expect((await signUpAs("198.51.100.3", `third-${Date.now()}@e2e.sika.test`)).status()).toBe(200);
    // A 4th "address": still 127.0.0.1 to the server, whose limit is 3 an hour.
    const fourth = await signUpAs("198.51.100.4", `fourth-${Date.now()}@e2e.sika.test`);
    expect(fourth.status()).toBe(429);
  });

  const csrf = async (ctx: APIRequestContext) => ((await (await ctx.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  /** next-auth's credentials sign-in as the form posts it: "ok", or the error it reports. */
  async function credentials(ctx: APIRequestContext, email: string, password: string, token?: string): Promise<string> {
    const csrfToken = token ?? (await csrf(ctx));
    const res = await ctx.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, maxRedirects: 0 });
    const url = ((await res.json().catch(() => ({}))) as { url?: string }).url ?? res.headers().location ?? "";
    return decodeURIComponent(new URL(url, BASE).searchParams.get("error") ?? "ok");
  }

  test("§3 + §9: 25 concurrent wrong passwords, at most 6 reach scrypt; the owner is in seconds later", async () => {
    const token = await csrf(api2); // one CSRF cookie for the burst, as one attacker's client would
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => credentials(api2, owner.email, `guess-${i}`, token)));
    expect(results.every((r) => r === "CredentialsSignin" || /Too many attempts/.test(r)), results.join(" | ")).toBe(true);
    const checked = results.filter((r) => r === "CredentialsSignin").length;
    expect(results.filter((r) => /Too many attempts/.test(r)).length).toBe(25 - checked);
    expect(checked).toBeLessThanOrEqual(6);
    console.log(`§3: of 25 concurrent wrong passwords, ${checked} reached the password check`);
    // Backoff, not a 15-minute lock: after at most 6 failures the wait is 4 s.
    await new Promise((r) => setTimeout(r, 4500));
    const ctx = await playwrightRequest.newContext({ baseURL: BASE });
    expect(await credentials(ctx, owner.email, owner.password)).toBe("ok");
    await ctx.dispose();
  });

  test("§6: after sign-out a saved copy of the session cookie is refused", async () => {
    const ctx = await playwrightRequest.newContext({ baseURL: BASE });
    expect(await credentials(ctx, owner.email, owner.password)).toBe("ok");
    const cookie = (await ctx.storageState()).cookies.find((c) => c.name.endsWith("next-auth.session-token"))!;
    expect((await ctx.get("/api/trpc/account.me")).status()).toBe(200);
    const { csrfToken } = (await (await ctx.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await ctx.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
    const replay = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` } });
    const me = await replay.get("/api/trpc/account.me");
    expect(me.status()).toBe(401);
    await Promise.all([ctx.dispose(), replay.dispose()]);
  });

  function rssKb(): number {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1] ?? 0);
  }
  /** A chunked upload of `mb` megabytes; resolves with the status, or 0 when the server hung up. */
  function chunkedPost(p: string, mb: number): Promise<number> {
    return new Promise((resolve) => {
      const req = http.request(`${BASE}${p}`, { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve(0));
      const chunk = Buffer.alloc(64 * 1024, "a");
      let left = mb * 16;
      const pump = () => {
        while (left-- > 0) if (!req.write(chunk)) return void req.once("drain", pump);
        req.end();
      };
      pump();
    });
  }

  test("§5: bodies outside /api/v1 are capped per path, without buffering", async () => {
    const big = (kb: number) => "x".repeat(kb * 1024);
    expect((await api2.post("/api/connectors/mtn/callback/pi_x", { headers: { "content-type": "application/json" }, data: big(70) })).status()).toBe(413);
    expect((await api2.post("/api/auth/callback/credentials", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: big(70) })).status()).toBe(413);
    expect((await api2.post("/api/trpc/account.signUp", { headers: { "content-type": "application/json" }, data: big(1100) })).status()).toBe(413);
    // The bulk payout CSV has room for 1,000 rows (4 MB): refused for want of a session, not for its size.
    const bulk = await api2.post("/api/trpc/bulkPayouts.validate", { headers: { "content-type": "application/json" }, data: JSON.stringify({ json: { merchantId: "mer_x", pad: big(1100) } }) });
    expect(bulk.status()).not.toBe(413);
    expect(bulk.status()).toBeLessThan(500);
    const before = rssKb();
    expect([413, 0]).toContain(await chunkedPost("/api/connectors/mtn/callback/pi_x", 60));
    const grown = rssKb() - before;
    console.log(`§5: server RSS ${Math.round(before / 1024)} MB before a 60 MB chunked callback, +${Math.round(grown / 1024)} MB after`);
    expect(grown).toBeLessThan(30 * 1024); // was +190 MB for 60 MB
  });

  test("§11: with only NEXTAUTH_URL set, the docs never echo the request's Host", async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(`${BASE}/docs/quickstart`, { headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" } }, (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve(text));
        })
        .on("error", reject);
    });
    expect(body).not.toContain("evil.example");
    expect(body).toContain(`export SIKA_URL=${BASE}`);
  });
});

test("Settings → Sessions: see where you are signed in and end another session", async ({ page, browser, consoleErrors }) => {
  void consoleErrors;
  const account = await signUp(page, "sessions");
  const phone = await newSession(browser);
  await phone.page.setViewportSize(VIEWPORTS.mobile);
  await signIn(phone.page, account.email, account.password);
  await page.goto("/dashboard/settings");
  await expect(page.getByTestId("session-row")).toHaveCount(2);
  await expect(page.getByTestId("session-row").filter({ hasText: "This device" })).toHaveCount(1);
  await expect(page.getByTestId("session-row").filter({ hasText: "127.0.0.1" })).toHaveCount(2);
  await page.getByRole("heading", { name: "Sessions" }).scrollIntoViewIfNeeded();
  await shoot(page, "settings-sessions", "en", "desktop");
  const sinceEnded = phone.errors.length;
  await page.getByRole("button", { name: /End session/ }).click();
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  // The phone's cookie is still there; the session behind it is not. The phone's open
  // dashboard may poll first: that answer is a 401 (which Chromium logs) and sends it to
  // sign-in, as the next navigation does; when the poll's redirect lands first it cuts this
  // navigation short (Chromium's ERR_ABORTED, or Playwright's "interrupted by another
  // navigation" to /signin), which is the same outcome.
  await phone.page.goto("/dashboard").catch((err: Error) => {
    const toSignIn = /interrupted by another navigation to "[^"]*\/signin/.test(err.message);
    if (!err.message.includes("ERR_ABORTED") && !toSignIn) throw err;
  });
  await phone.page.waitForURL(/\/signin/);
  allowRefusals(phone.errors, sinceEnded, [401]);
  expect(phone.errors).toEqual([]);
  await phone.close();
  for (const [locale, size] of [["fr", "mobile"], ["fr", "desktop"], ["en", "mobile"]] as const) {
    await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
    await page.setViewportSize(VIEWPORTS[size]);
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    await page.getByRole("heading", { name: "Sessions" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width);
    await shoot(page, "settings-sessions", locale, size);
  }
});

test("removing a member revokes the API keys they created (the dialog's default)", async ({ page, browser, request, consoleErrors }) => {
  void consoleErrors;
  const owner = await signUp(page, "remover");
  await page.goto("/dashboard/settings");
  const devEmail = `leaver-${Date.now()}@e2e.sika.test`;
  await page.getByLabel("Email", { exact: true }).fill(devEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("developer");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  const dev = await newSession(browser);
  await dev.page.goto(new URL(link).pathname);
  await expect(dev.page.getByRole("heading", { name: `Join ${owner.business} on Sika` })).toBeVisible();
  await dev.page.getByLabel("Password").fill("leaver-password-2026");
  await dev.page.getByRole("button", { name: "Create account and join" }).click();
  await dev.page.waitForURL("**/dashboard");
  const key = await createApiKey(dev.page, "leaver's laptop");
  expect((await api(request, key, "GET", "/api/v1/merchant/balances")).status).toBe(200);
  await dev.close();

  await page.goto("/dashboard/settings");
  await page.getByRole("row", { name: new RegExp(devEmail) }).getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("revoke-member-keys")).toBeChecked();
  await expect(dialog.getByText("1 active key stops working at once.")).toBeVisible();
  await shoot(page, "settings-remove-member", "en", "desktop");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Member removed; 1 API key revoked.")).toBeVisible();
  expect((await api(request, key, "GET", "/api/v1/merchant/balances")).status).toBe(401);
});
