import fs from "node:fs";
import type { Page } from "@playwright/test";
import { VIEWPORTS, api, createApiKey, expect, shoot, signUp, test, type Viewport } from "./fixtures";

/**
 * The statements page (D16): a merchant with a top-up, a payin and a payout sees opening
 * and closing balances, the daily chart and the movements, and downloads the CSV, whose
 * opening + movements = closing. Screenshots in English and French at 1280 and 375 px.
 * A merchant whose only wallet is KES opens on KES, and a currency picked first is kept.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];

async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

test("statements: balances, chart, movements and the CSV download", async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(180_000);
  await signUp(page, "statements", "Boutique Relevés");
  const key = await createApiKey(page, "Statements server");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("250000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();
  const payin = await api(request, key, "POST", "/api/v1/merchant/payin", { amount: 15000, currency: "XOF", order_id: "st-e2e-payin", metadata: { network: "mtn", phone_number: "+2250700001234", country_code: "CI" } });
  expect(payin.status).toBe(200);
  const payout = await api(request, key, "POST", "/api/v1/merchant/payout", {
    amount: 5000,
    currency: "XOF",
    payment_method: "mobile_money",
    order_id: "st-e2e-payout",
    metadata: { network: "mtn", phone_number: "+2250700001234", country_code: "CI", beneficiary: "Awa Diop" },
  });
  expect(payout.status).toBe(200);
  // The sandbox settles in the worker: wait until the payin's credit is on the statement.
  await expect
    .poll(async () => (await api(request, key, "GET", `/api/v1/merchant/transactions/${payin.body.data!.transaction_id as string}`)).body.data?.status, { timeout: 30_000 })
    .toBe("successful");

  await page.goto("/dashboard/statements");
  await expect(page.getByRole("heading", { name: "Statements", level: 1 })).toBeVisible();
  await expect(page.getByTestId("statement-opening")).toHaveText(/0/);
  await expect(page.getByTestId("statement-closing")).not.toHaveText(/^XOF\s*0$/);
  await expect(page.getByRole("img", { name: "Available balance at the end of each day" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Movements of the period" }).getByText("st-e2e-payout")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statement-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^sika-test-statement-XOF-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  // UTF-8's byte order mark first, or Excel reads the file in the PC's code page (accents garbled).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  expect(csv.startsWith("time,entry_id,")).toBe(true);
  const lines = csv.trim().split("\r\n").map((l) => l.split(","));
  expect(lines[1][4]).toBe("opening_balance");
  expect(lines.at(-1)![4]).toBe("closing_balance");
  const movements = lines.slice(2, -1);
  expect(movements.map((l) => l[4])).toEqual(expect.arrayContaining(["credit", "payin", "payout"]));
  const cents = (v: string) => Math.round(Number(v) * 100);
  expect(cents(lines[1][7]) + movements.reduce((s, l) => s + cents(l[5]), 0)).toBe(cents(lines.at(-1)![7]));
  expect(cents(lines.at(-1)![7])).toBe(cents("250000") + cents("15000") - cents(movements.find((l) => l[4] === "payout")![5].replace("-", "")));

  // The period: day, month and year selects in the page's language (not the browser's mm/dd/yyyy).
  // The browser runs on Abidjan's clock (UTC), the statement's days are UTC days.
  const today = new Date().toISOString().slice(0, 10);
  const [year, month, day] = today.split("-");
  const pickDay = async (testId: string, d: string, m: string, y: string) => {
    await page.getByTestId(`${testId}-day`).selectOption(d);
    await page.getByTestId(`${testId}-month`).selectOption(m);
    await page.getByTestId(`${testId}-year`).selectOption(y);
  };
  await pickDay("statement-from", day, month, year);
  await expect(page.getByTestId("statement-csv")).toHaveAttribute("href", new RegExp(`from=${today}&to=${today}`));
  await expect(page.getByRole("region", { name: "Movements of the period" }).getByText("st-e2e-payout")).toBeVisible();
  // "To" cannot go before "from": no earlier year is offered, and an earlier day becomes "from".
  await expect(page.getByTestId("statement-to-year").locator("option")).toHaveText(["Year", year]);
  await page.getByTestId("statement-to-day").selectOption("01");
  await page.getByTestId("statement-to-month").selectOption("01");
  for (const [part, value] of [["day", day], ["month", month], ["year", year]]) await expect(page.getByTestId(`statement-to-${part}`)).toHaveValue(value);
  await expect(page.getByTestId("statement-csv")).toHaveAttribute("href", new RegExp(`from=${today}&to=${today}`));

  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto("/dashboard/statements");
      await expect(page.getByTestId("statement-closing")).toBeVisible();
      // The period's month names are the language's, and each day reads day, month, year.
      await expect(page.getByTestId("statement-from-month").locator("option").nth(5)).toHaveText(locale === "fr" ? "mai" : "May");
      await expect(page.getByTestId("statement-to-month").locator("option").nth(1)).toHaveText(locale === "fr" ? "janvier" : "January");
      await expect(page.getByRole("group", { name: locale === "fr" ? "Du" : "From", exact: true }).getByLabel(locale === "fr" ? "Du: Mois" : "From: Month")).toBeVisible();
      const order = await page.getByTestId("statement-from").locator("select").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
      expect(order).toEqual(["statement-from-day", "statement-from-month", "statement-from-year"]);
      // Cards below 1024 px, a table above: the visible one.
      await expect(page.getByText("st-e2e-payin").filter({ visible: true }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `statements ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, "statements", locale, size);
    }
  }
  await setLocale(page, "en");
});

test("statements: opens on the currency of the merchant's wallet, and a currency picked first stays", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await signUp(page, "statements-kes", "Duka la Nairobi");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount").fill("50000");
  await dialog.getByLabel("Currency").selectOption("KES");
  await dialog.getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();

  // Its only wallet is KES: the statement opens on it, not on an empty XOF one.
  await page.goto("/dashboard/statements");
  const currency = page.getByLabel("Currency");
  await expect(currency).toHaveValue("KES");
  await expect(page.getByTestId("statement-closing")).toHaveText(/KES\s*50,000/);
  await expect(page.getByTestId("statement-csv")).toHaveAttribute("href", /currency=KES/);
  await shoot(page, "statements-kes", "en", "desktop");

  // A currency picked before the wallets arrive is kept when they do.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trpc\/[^?]*balances\.list/, async (route) => {
    await held;
    await route.continue();
  });
  const walletsAsked = page.waitForRequest(/\/api\/trpc\/[^?]*balances\.list/);
  await page.goto("/dashboard/statements");
  await walletsAsked;
  await currency.selectOption("XAF");
  const walletsArrived = page.waitForResponse(/\/api\/trpc\/[^?]*balances\.list/);
  release();
  await walletsArrived;
  // en-GB writes XAF as FCFA.
  await expect(page.getByTestId("statement-closing")).toHaveText(/^FCFA\s*0$/);
  await expect(currency).toHaveValue("XAF");
  await expect(page.getByTestId("statement-csv")).toHaveAttribute("href", /currency=XAF/);
  await page.unroute(/\/api\/trpc\/[^?]*balances\.list/);
});
