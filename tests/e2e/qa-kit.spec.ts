import type { Page } from "@playwright/test";
import { SHOTS_DIR, VIEWPORTS, WRITE_SCREENSHOTS, api, createApiKey, expect, shoot, signUp, test, type Viewport } from "./fixtures";

/**
 * Issue 24 in the browser, on the production build: the transaction list follows a change
 * made through the test outcome endpoint without a reload; "Refunded" / "Partially
 * refunded" and one minus sign for money out; statements, refunds, team and bulk history
 * on a phone; the bulk preview checks the country's limits; Settings → Reset test data
 * (confirmed) empties test mode; the docs in French with a matching <html lang>.
 * Screenshots: tests/e2e/screenshots/qa-<page>-<locale>-<size>.png.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];
const MINUS = "\u2212";

async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

/** Every locale and size of one page: nothing sticks out sideways, then the screenshot. */
async function shootAll(page: Page, name: string, path: string, ready: (page: Page, locale: "en" | "fr") => Promise<void>) {
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(path);
      await ready(page, locale);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, `qa-${name}`, locale, size);
    }
  }
  await setLocale(page, "en");
  await page.setViewportSize(VIEWPORTS.desktop);
}

const payin = (amount: number, phone: string, orderId: string, delay?: number) => ({
  amount,
  currency: "XOF",
  order_id: orderId,
  metadata: { network: "mtn", country_code: "CI", phone_number: phone, ...(delay === undefined ? {} : { sandbox_delay_ms: delay }) },
});

test("QA kit and phones: live list, refund states and signs, statements, bulk history, reset, French docs", async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(480_000);
  await signUp(page, "qakit", "Boutique Awa Abidjan");
  const key = await createApiKey(page, "QA server");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("2500000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();

  // Payins settled at once (sandbox_delay_ms 0), one refunded in full, one in part; a payout.
  const status = async (id: string) => (await api(request, key, "GET", `/api/v1/merchant/transactions/${id}`)).body.data?.status;
  const full = String((await api(request, key, "POST", "/api/v1/merchant/payin", payin(1234500, "+2250701020304", "CMD-2026-2001", 0))).body.data!.transaction_id);
  const part = String((await api(request, key, "POST", "/api/v1/merchant/payin", payin(987600, "+2250701020305", "CMD-2026-2002", 0))).body.data!.transaction_id);
  await expect.poll(() => status(full), { timeout: 20_000 }).toBe("successful");
  await expect.poll(() => status(part), { timeout: 20_000 }).toBe("successful");
  const rfFull = await api(request, key, "POST", `/api/v1/merchant/transactions/${full}/refund`, {});
  const rfPart = await api(request, key, "POST", `/api/v1/merchant/transactions/${part}/refund`, { amount: 250000 });
  expect(rfFull.status).toBe(200);
  expect(rfPart.status).toBe(200);
  const payout = await api(request, key, "POST", "/api/v1/merchant/payout", {
    amount: 750000,
    currency: "XOF",
    payment_method: "mobile_money",
    order_id: "PAY-2026-0042",
    metadata: { network: "orange", phone_number: "+2250707070707", country_code: "CI", beneficiary: "Moussa Traoré" },
  });
  expect(payout.status).toBe(200);
  await expect.poll(() => status(String(rfFull.body.data!.transaction_id)), { timeout: 20_000 }).toBe("successful");
  await expect.poll(() => status(String(rfPart.body.data!.transaction_id)), { timeout: 20_000 }).toBe("successful");

  // The list follows a change made elsewhere, without a reload (change mark every 2 s).
  const waiting = String((await api(request, key, "POST", "/api/v1/merchant/payin", payin(45000, "+2250700000003", "CMD-2026-2003"))).body.data!.transaction_id);
  await page.goto("/dashboard/transactions");
  const row = page.locator(`[data-transaction-id="${waiting}"]:visible`);
  await expect(row).toHaveAttribute("data-status", "pending");
  const settled = await api(request, key, "POST", `/api/v1/test/transactions/${waiting}/outcome`, { status: "failed", reason: "Customer has insufficient funds" });
  expect(settled.body.data).toMatchObject({ status: "failed", decline_reason: "Customer has insufficient funds" });
  const started = Date.now();
  await expect(row).toHaveAttribute("data-status", "failed", { timeout: 8_000 });
  console.log(`list followed the outcome in ${Date.now() - started} ms`);

  // Refund states and signs in the list.
  await expect(page.locator(`[data-transaction-id="${full}"]:visible`).getByTestId("refund-state")).toHaveText("Refunded");
  await expect(page.locator(`[data-transaction-id="${part}"]:visible`).getByTestId("refund-state")).toHaveText("Partially refunded");
  await expect(page.locator(`[data-transaction-id="${payout.body.data!.transaction_id}"]:visible`)).toContainText(MINUS);
  await expect(page.locator(`[data-transaction-id="${rfFull.body.data!.transaction_id}"]:visible`)).toContainText(MINUS);
  await expect(page.locator(`[data-transaction-id="${full}"]:visible`)).not.toContainText(MINUS);

  await shootAll(page, "transactions", "/dashboard/transactions", (p) => expect(p.locator(`[data-transaction-id="${part}"]:visible`)).toBeVisible());
  await shootAll(page, "transaction-refunded", `/dashboard/transactions/${part}`, async (p, locale) => {
    await expect(p.getByTestId("refund-state").first()).toHaveText(locale === "fr" ? "Remboursé en partie" : "Partially refunded");
    await expect(p.locator(`[data-transaction-id="${rfPart.body.data!.transaction_id}"]:visible`)).toContainText(MINUS);
  });
  await shootAll(page, "statements", "/dashboard/statements", async (p) => {
    await expect(p.locator('[data-testid^="statement-movement"]:visible').first()).toBeVisible();
    // The totals are whole at every width: no ellipsis, no overflow.
    for (const id of ["statement-opening", "statement-credits", "statement-debits", "statement-closing"]) {
      const fits = await p.getByTestId(id).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(fits, id).toBe(true);
    }
    await expect(p.getByTestId("statement-debits")).toContainText(MINUS);
  });

  // Bulk: a line under the country's minimum is refused in the preview; batches, API ones too, listed.
  const apiBatch = await api(request, key, "POST", "/api/v1/merchant/payouts/bulk", {
    payouts: [
      { amount: 1500, currency: "XOF", payment_method: "mobile_money", order_id: "API-BULK-1", metadata: { network: "mtn", phone_number: "+2250700001234", country_code: "CI", beneficiary: "Awa Diop" } },
    ],
  });
  expect(apiBatch.status, JSON.stringify(apiBatch.body)).toBe(200);
  const csv = ["phone,amount,currency,country,network,name,order_id", "+2250700001234,1500,XOF,CI,mtn,Awa Diop,qa-1", "+2250700001234,100,XOF,CI,mtn,Koffi Yao Kouassi Emmanuel,qa-2"].join("\n");
  await shootAll(page, "bulk", "/dashboard/payouts/bulk", async (p, locale) => {
    await expect(p.locator('[data-testid^="bulk-batch"]:visible').first()).toContainText("API");
    await p.locator("#bulk-file").setInputFiles({ name: "payouts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(p.getByTestId("bulk-line-2")).toContainText(locale === "fr" ? "Le montant doit être compris entre" : "The amount must be between");
    await expect(p.getByTestId("bulk-line-1")).toContainText(locale === "fr" ? "Valide" : "Valid");
  });

  // Settings: team as cards on phones, the Test data card; the reset, confirmed.
  await shootAll(page, "settings", "/dashboard/settings", (p) => expect(p.getByTestId("reset-test-data")).toBeVisible());
  await page.goto("/dashboard/settings");
  await page.getByTestId("reset-test-data").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Live data is not touched.");
  // The dialog as seen (a full-page shot of a fixed dialog over a scrolled page is misleading).
  if (WRITE_SCREENSHOTS) await page.screenshot({ path: `${SHOTS_DIR}/qa-reset-dialog-en-desktop.png`, animations: "disabled" });
  await dialog.getByRole("button", { name: "Delete test data" }).click();
  await expect(page.getByText(/Test data deleted: 7 transactions, 1 balance\./)).toBeVisible();
  await page.goto("/dashboard/transactions");
  await expect(page.getByText("No transactions in this mode yet.")).toBeVisible();
  await expect(page.locator("[data-transaction-id]:visible")).toHaveCount(0);
  expect((await api(request, key, "GET", "/api/v1/merchant/balances")).body.data).toEqual([]);
});

test("docs: the testing guide in English and French, a language switch, <html lang> matching", async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(240_000);
  await shootAll(page, "docs-testing", "/docs/testing", async (p, locale) => {
    await expect(p.locator("html")).toHaveAttribute("lang", locale);
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(locale === "fr" ? "Tester avec Sika" : "Testing with Sika");
    // The tab title follows the language too.
    await expect(p).toHaveTitle(locale === "fr" ? "Tester avec Sika · Documentation de l’API Sika" : "Testing with Sika · Sika API docs");
  });
  await shootAll(page, "docs-test-mode", "/docs/test-mode", async (p, locale) => {
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(locale === "fr" ? "Mode test et numéros sandbox" : "Test mode & sandbox numbers");
  });
  await shootAll(page, "docs-quickstart", "/docs/quickstart", async (p, locale) => {
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(locale === "fr" ? "Démarrage rapide : votre premier encaissement de test" : "Quick start: your first test payin");
    await expect(p.getByText("$SIKA_URL/api/v1/merchant/payin").first()).toBeVisible();
  });
  // The webhooks guide in French: the same anchors, the verification code word for word.
  await setLocale(page, "fr");
  await page.goto("/docs/webhooks");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("docs-english-only")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Vérifier" })).toHaveAttribute("id", "verifying");
  await expect(page.getByText("verifyWebhookSignature").first()).toBeVisible();
  // The switch in the header.
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("docs-english-only")).toHaveCount(0);
  await page.goto("/docs/reference");
  await expect(page.getByRole("heading", { level: 1, name: "Sika API" })).toBeVisible({ timeout: 60_000 });
  // The Authentication block's "Required" label and its auth type button do not overlap.
  const required = (await page.getByTestId("auth-indicator").first().boundingBox())!;
  const authType = (await page.getByRole("button", { name: /Selected Auth Type/ }).first().boundingBox())!;
  expect(authType.x >= required.x + required.width || authType.y >= required.y + required.height, JSON.stringify({ required, authType })).toBe(true);
  await shoot(page, "qa-docs-reference", "en", "desktop");
});
