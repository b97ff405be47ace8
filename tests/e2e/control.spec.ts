import type { Page } from "@playwright/test";
import fs from "node:fs";
import { OPERATOR, VIEWPORTS, allowRefusals, expect, newSession, shoot, signIn, signUp, test, trpcCall, type Viewport } from "./fixtures";

/**
 * Issue 22 (second half) in Chromium on the production build: an owner sets an approval
 * threshold, sends a payout above it (held, "Awaiting approval", money reserved), a second
 * owner approves it and the worker sends it; the audit log shows who did what, filters and
 * exports CSV; a read-only key limited to an IP range is created on the Developers page; the
 * operator reads the log across merchants. Screenshots EN/FR at 1280 and 375 px.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];

async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

async function eachView(page: Page, path: string, check: (locale: "en" | "fr", size: Viewport) => Promise<void>) {
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(path);
      await check(locale, size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
    }
  }
  await setLocale(page, "en");
  await page.setViewportSize(VIEWPORTS.desktop);
}

test("maker-checker payout, audit log and a restricted key", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(240_000);
  const owner = await signUp(page, "maker", "Boutique Approbation");

  // Test money, then a second owner joins through an invitation. The first answer is lost on
  // the way back (the server credited): pressing again replays that credit, the wallet gets
  // 250 000 once (the dialog's key per opening, balances.topUpTest).
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("250000");
  const errorsBefore = consoleErrors.length;
  await page.route("**/api/trpc/balances.topUpTest*", async (route) => (await route.fetch(), route.abort("connectionreset")), { times: 1 });
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText("Cannot reach Sika. Check your connection and try again.")).toBeVisible();
  for (let i = consoleErrors.length - 1; i >= errorsBefore; i--) if (/ERR_CONNECTION_RESET/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();
  const me = await trpcCall(page, "account.me", "query");
  const merchantId = (me.body.result!.data.json as { memberships: Array<{ merchantId: string }> }).memberships[0].merchantId;
  const balances = await trpcCall(page, "balances.list", "query", { merchantId, mode: "test" });
  expect((balances.body.result!.data.json as Array<{ currency: string; available: string }>).map((b) => [b.currency, b.available])).toEqual([["XOF", "250000"]]);
  await page.goto("/dashboard/settings");
  const checkerEmail = `checker-${Date.now()}@e2e.sika.test`;
  await page.getByLabel("Email", { exact: true }).fill(checkerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("owner");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  const checker = await newSession(browser);
  await checker.page.goto(new URL(link).pathname);
  await checker.page.getByLabel("Password").fill("checker-password-2026");
  await checker.page.getByRole("button", { name: "Create account and join" }).click();
  await checker.page.waitForURL("**/dashboard");

  // The threshold: XOF payouts above 50 000 wait for a second owner.
  await page.reload();
  await page.getByTestId("threshold-XOF").fill("50000");
  await page.getByTestId("save-approval-settings").click();
  await expect(page.getByText("Approval settings saved")).toBeVisible();
  await eachView(page, "/dashboard/settings#payout-approvals", async (locale, size) => {
    await expect(page.getByTestId("threshold-XOF")).toHaveValue("50000");
    await page.locator("#payout-approvals").scrollIntoViewIfNeeded();
    await shoot(page, "control-approval-settings", locale, size);
  });

  // A payout above it: held, reserved, nothing sent.
  await page.goto("/dashboard");
  await page.getByTestId("send-payout").click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("select").nth(0).selectOption("CI");
  await dialog.locator("select").nth(1).selectOption("orange");
  await dialog.locator('input[type="tel"]').fill("+2250707070707");
  await dialog.locator("input").nth(1).fill("Moussa Traoré");
  await dialog.locator('input[inputmode="decimal"]').fill("60000");
  await dialog.getByRole("button", { name: "Review fee" }).click();
  await dialog.getByRole("button", { name: /Confirm/ }).click();
  await expect(page.getByText("Above your approval threshold: the payout waits for another owner's approval.")).toBeVisible();
  await page.goto("/dashboard/transactions");
  await expect(page.getByTestId("transaction-row").first().getByText("Awaiting approval")).toBeVisible();
  await page.goto("/dashboard/approvals");
  await expect(page.getByTestId("approval-row").getByText("Waiting for another owner")).toBeVisible();
  await expect(page.getByTestId("approve-payout")).toHaveCount(0);

  // The second owner sees it and approves; the worker sends it.
  await eachView(checker.page, "/dashboard/approvals", async (locale, size) => {
    await expect(checker.page.getByTestId(size === "desktop" ? "approval-row" : "approval-mobile")).toHaveCount(1);
    await shoot(checker.page, "control-approvals", locale, size);
  });
  await checker.page.goto("/dashboard/approvals");
  await checker.page.getByTestId("approval-row").getByTestId("approve-payout").click();
  await checker.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(checker.page.getByText("Approved: the payout is on its way.")).toBeVisible();
  await expect(checker.page.getByText("Nothing is waiting for approval.")).toBeVisible();
  // The list follows status changes by itself (its change mark): no reload needed. (Counting
  // right after a navigation raced the list's first render and read 0 on a slow machine.)
  await page.goto("/dashboard/transactions");
  await expect(page.getByTestId("transaction-row").first()).toHaveAttribute("data-status", "successful", { timeout: 30_000 });
  await expect(page.getByTestId("transaction-row").first().getByText("Successful")).toBeVisible();

  // A read-only key limited to an address range, chosen and shown on the Developers page.
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  const keyDialog = page.getByRole("dialog");
  await keyDialog.getByLabel("Key name").fill("Reporting");
  await keyDialog.getByTestId("key-scope-read_only").check();
  await keyDialog.getByTestId("key-allowed-ips").fill("not-an-address");
  const since = consoleErrors.length;
  await keyDialog.getByRole("button", { name: "Create key" }).click();
  await expect(keyDialog.getByText(/is not an IP address or CIDR range/)).toBeVisible();
  await expect.poll(() => consoleErrors.length).toBeGreaterThan(since);
  allowRefusals(consoleErrors, since, [400]);
  await keyDialog.getByTestId("key-allowed-ips").fill("203.0.113.0/24");
  await keyDialog.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toHaveText(/^sk_test_/);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await eachView(page, "/dashboard/developers", async (locale, size) => {
    await expect(page.getByTestId(size === "desktop" ? "api-key-row" : "api-key-mobile").first().getByText("203.0.113.0/24")).toBeVisible();
    await shoot(page, "control-restricted-key", locale, size);
  });

  // The audit log: who did what, a filter, and the CSV export.
  await page.goto("/dashboard/audit");
  const entries = page.getByTestId("audit-entry");
  await expect(entries.filter({ hasText: "Payout approved" }).filter({ hasText: checkerEmail })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Payout held for approval" }).filter({ hasText: owner.email })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Approval thresholds changed" })).toContainText("XOF");
  await expect(entries.filter({ hasText: "API key created" })).toContainText("read_only");
  await page.getByTestId("audit-filter-action").selectOption("payout.approved");
  await page.getByTestId("audit-apply").click();
  await expect(entries).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  // A spreadsheet's file: UTF-8's byte order mark, then the header.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split("\r\n")[0]).toMatch(/^id,created_at,merchant_id/);
  expect(csv).toContain("payout.approved");
  expect(csv).not.toContain("api_key.created");
  await eachView(page, "/dashboard/audit", async (locale, size) => {
    await expect(page.getByTestId(size === "desktop" ? "audit-entry" : "audit-entry-mobile").first()).toBeVisible();
    await shoot(page, "control-audit", locale, size);
  });
  expect(checker.errors).toEqual([]);
  await checker.close();

  // The operator reads the log across merchants.
  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await eachView(operator.page, "/console/audit", async (locale, size) => {
    await expect(operator.page.getByTestId(size === "desktop" ? "audit-entry" : "audit-entry-mobile").filter({ hasText: owner.business }).first()).toBeVisible();
    await shoot(operator.page, "control-console-audit", locale, size);
  });
  expect(operator.errors).toEqual([]);
  await operator.close();
});
