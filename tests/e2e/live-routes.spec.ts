import type { Page } from "@playwright/test";
import { OPERATOR, VIEWPORTS, expect, shoot, signIn, test, type Viewport } from "./fixtures";

/**
 * The console's Live rails page (issue 20, D19): every pair of the catalogue with its routes
 * per direction, in order (direct first, aggregator second), each with its state. The e2e
 * server has no operator configured, so every route shows "not configured" and none takes new
 * transactions; the routes' order and the pairs without any route are what is checked.
 * Screenshots EN/FR, desktop and phone, in tests/e2e/screenshots/console-live-routes-*.png.
 */
async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

/** Columns: network, live payins, live payouts. */
const cell = (page: Page, pair: string, direction: "payin" | "payout") => page.locator(`tr[data-pair="${pair}"] > td:nth-child(${direction === "payin" ? 2 : 3})`);
const routesOf = (page: Page, pair: string, direction: "payin" | "payout") =>
  cell(page, pair, direction)
    .locator("li[data-route]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-route")));

test("live rails: per pair its routes in order and their state, EN and FR, desktop and phone", async ({ page, consoleErrors }) => {
  await signIn(page, OPERATOR.email, OPERATOR.password, "/console");
  for (const locale of ["en", "fr"] as const) {
    await setLocale(page, locale);
    for (const size of ["desktop", "mobile"] as Viewport[]) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto("/console/live");
      await expect(page.locator('tr[data-pair="CI:orange"]')).toBeVisible();
      expect(await page.locator("tr[data-pair]").count()).toBe(40);
      expect(await routesOf(page, "CI:orange", "payin")).toEqual(["orange-money", "pawapay"]);
      // Orange Money has no payouts: only the aggregator carries them.
      expect(await routesOf(page, "CI:orange", "payout")).toEqual(["pawapay"]);
      expect(await routesOf(page, "SN:free", "payin")).toEqual(["pawapay"]);
      expect(await routesOf(page, "TG:moov", "payin")).toEqual([]);
      const ciOrange = cell(page, "CI:orange", "payin");
      await expect(ciOrange).toContainText(locale === "en" ? "aggregator" : "agrégateur");
      await expect(ciOrange).toContainText(locale === "en" ? "not configured" : "non configurée");
      await expect(cell(page, "TG:moov", "payin")).toContainText(locale === "en" ? "no live route" : "aucune route live");
      await expect(page.locator('li[data-current="true"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, "console-live-routes", locale, size);
    }
  }
  expect(consoleErrors).toEqual([]);
});
