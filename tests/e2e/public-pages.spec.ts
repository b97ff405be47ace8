import { VIEWPORTS, allowRefusals, expect, outsideTheirCard, shoot, test, type Viewport } from "./fixtures";

/**
 * The pages anyone may land on without signing in: the front door and the 404s, in the
 * visitor's language. Both were English only (Next's own "404 This page could not be
 * found." for a mistyped address, a payment link that leads nowhere, an unknown checkout).
 */
const WORDS = {
  en: { signIn: "Sign in", docs: "API documentation", notFound: "Page not found", payNotFound: "Payment page not found", home: "Home page" },
  fr: { signIn: "Se connecter", docs: "Documentation de l’API", notFound: "Page introuvable", payNotFound: "Page de paiement introuvable", home: "Accueil" },
} as const;

test("the home page and the 404 pages speak the visitor's language, payers' in their own words", async ({ page, consoleErrors }) => {
  for (const locale of ["en", "fr"] as const) {
    const w = WORDS[locale];
    await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
    for (const size of ["desktop", "mobile"] as Viewport[]) {
      await page.setViewportSize(VIEWPORTS[size]);
      const fits = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${size}`).toBeLessThanOrEqual(VIEWPORTS[size].width);
        await shoot(page, name, locale, size);
        expect(await outsideTheirCard(page), `${name} ${locale} ${size}`).toEqual([]);
      };

      expect((await page.goto("/"))!.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("home").getByRole("link", { name: w.signIn })).toHaveAttribute("href", "/signin");
      await expect(page.getByTestId("home").getByRole("link", { name: w.docs })).toHaveAttribute("href", "/docs");
      await fits("home");

      for (const path of ["/no-such-page", "/dashboard-typo/transactions", "/docs/no-such-guide"]) {
        expect((await page.goto(path))!.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.notFound);
        await expect(page).toHaveTitle(`${w.notFound} · Sika`);
        await expect(page.getByTestId("not-found").getByRole("link", { name: w.home })).toHaveAttribute("href", "/");
      }
      await fits("not-found");

      // A payer: the payment's words, and no way into a dashboard that is not theirs.
      for (const path of ["/pay/no-such-link", "/pay/session/ps_doesnotexist", "/pay/receipt?transaction_id=pi_doesnotexist", "/checkout/pi_doesnotexist"]) {
        expect((await page.goto(path))!.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(w.payNotFound);
        await expect(page.getByRole("link", { name: /dashboard|tableau de bord/i })).toHaveCount(0);
      }
      await fits("pay-not-found");
    }
  }
  // The browser logs each 404 document it was sent: those are what this test asked for.
  allowRefusals(consoleErrors, 0, [404]);
});
