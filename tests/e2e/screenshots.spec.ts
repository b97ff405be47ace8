import type { Page } from "@playwright/test";
import { OPERATOR, VIEWPORTS, api, createApiKey, expect, newSession, outsideTheirCard, shoot, signIn, signUp, startReceiver, test, type Viewport } from "./fixtures";

/**
 * Screenshots of every main page, English and French, desktop (1280) and phone (375),
 * written to tests/e2e/screenshots/<page>-<locale>-<viewport>.png for people to look at.
 * The merchant gets realistic data first: payins that succeed, fail, get cancelled or
 * stay pending, a KES payin, a test top-up and a payout.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];

async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

async function shootAll(page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) {
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(path);
      await ready(page);
      // Nothing may stick out sideways on a phone: the page itself never scrolls horizontally.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, name, locale, size);
      // Nor out of its card: a button past a card's border is there to see at any width.
      expect(await outsideTheirCard(page), `${name} ${locale} ${size}`).toEqual([]);
    }
  }
}

test("screenshots of every main page", async ({ page, request, browser, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(540_000); // 60 full-page shots; minutes on a shared 2-core machine
  const receiver = await startReceiver();
  await signUp(page, "shots", "Boutique Awa Dakar");
  const key = await createApiKey(page, "Boutique server");
  await page.getByLabel("Default webhook URL").fill(receiver.url);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Webhook URL saved")).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("250000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();

  const payins: Array<[number, string, string, string, string]> = [
    [15000, "XOF", "CI", "mtn", "+2250701020304"],
    [7500, "XOF", "SN", "free", "+221761234567"],
    [42000, "XOF", "CI", "moov", "+2250101020305"],
    [3000, "XOF", "CI", "mtn", "+2250701000001"],
    [5200, "XOF", "CI", "mtn", "+2250701000002"],
    [1250.5, "KES", "KE", "safaricom", "+254712345678"],
    [9900, "XOF", "CI", "mtn", "+2250701000003"],
  ];
  let firstId = "";
  for (const [i, [amount, currency, country, network, phone]] of payins.entries()) {
    const r = await api(request, key, "POST", "/api/v1/merchant/payin", {
      amount,
      currency,
      order_id: `CMD-2026-${String(1040 + i)}`,
      metadata: { phone_number: phone, country_code: country, network },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    firstId ||= String(r.body.data!.transaction_id);
  }
  const out = await api(request, key, "POST", "/api/v1/merchant/payout", {
    amount: 20000,
    currency: "XOF",
    payment_method: "mobile_money",
    order_id: "PAY-0007",
    metadata: { network: "orange", phone_number: "+2250707070707", country_code: "CI", beneficiary: "Moussa Traoré" },
  });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  await expect.poll(() => receiver.forTransaction(firstId).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  // KYC submitted, so the console has something to review.
  await page.goto("/dashboard/kyc");
  await page.getByLabel("Legal name").fill("Boutique Awa Dakar SARL");
  await page.getByLabel("Registration number").fill("SN-DKR-2026-B-4521");
  await page.getByLabel("Country of registration").selectOption("SN");
  await page.getByLabel("Legal representative").fill("Awa Ndiaye");
  await page.getByLabel("Registered address").fill("12 avenue Cheikh Anta Diop\nDakar");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("kyc-status")).toHaveText("Under review");

  const table = (p: Page) => expect(p.locator('[data-testid^="transaction-row"]:visible').first()).toBeVisible();
  await shootAll(page, "overview", "/dashboard", (p) => expect(p.getByTestId("balance-XOF")).toBeVisible());
  await shootAll(page, "transactions", "/dashboard/transactions", table);
  await shootAll(page, "transaction-detail", `/dashboard/transactions/${firstId}`, (p) => expect(p.locator('[data-testid^="webhook-attempt"]:visible').first()).toBeVisible());
  await shootAll(page, "developers", "/dashboard/developers", (p) => expect(p.getByTestId("create-key")).toBeVisible());
  await shootAll(page, "kyc", "/dashboard/kyc", (p) => expect(p.getByTestId("kyc-status")).toBeVisible());
  await shootAll(page, "settings", "/dashboard/settings", (p) => expect(p.getByRole("button", { name: /Create invitation link|Créer le lien/ })).toBeVisible());

  // The phone menu, open.
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: locale === "en" ? "Menu" : "Menu" }).click();
    await expect(page.locator("#sidebar")).toBeVisible();
    await shoot(page, "menu", locale, "mobile");
  }

  const visitor = await newSession(browser);
  await shootAll(visitor.page, "signin", "/signin", (p) => expect(p.locator("form")).toBeVisible());
  await shootAll(visitor.page, "signup", "/signup", (p) => expect(p.locator("form")).toBeVisible());
  expect(visitor.errors).toEqual([]);
  await visitor.close();

  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await shootAll(operator.page, "console-merchants", "/console", (p) => expect(p.getByRole("link", { name: "Boutique Awa Dakar" }).first()).toBeVisible());
  await shootAll(operator.page, "console-kyc", "/console/kyc", (p) => expect(p.getByTestId("kyc-submission").first()).toBeVisible());
  await shootAll(operator.page, "console-fees", "/console/fees", (p) => expect(p.locator('tbody tr:visible, [data-testid="fee-rule-mobile"]:visible').first()).toBeVisible());
  await operator.page.goto("/console");
  const merchantHref = (await operator.page.getByRole("link", { name: "Boutique Awa Dakar" }).first().getAttribute("href"))!;
  await shootAll(operator.page, "console-merchant", merchantHref, (p) => expect(p.getByRole("heading", { name: "Boutique Awa Dakar" })).toBeVisible());
  expect(operator.errors).toEqual([]);
  await operator.close();
  await receiver.close();
});
