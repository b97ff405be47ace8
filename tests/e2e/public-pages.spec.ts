import postgres from "postgres";
import { VIEWPORTS, allowRefusals, expect, outsideTheirCard, shoot, test, type Viewport } from "./fixtures";
import { ADMIN_URL, startOwnServer, type OwnServer } from "./own-server";

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
      // A link cut short or mangled in a message (a percent-escape that does not decode) was Next's bare 500 "Internal Server Error".
      for (const path of ["/pay/no-such-link", "/pay/session/ps_doesnotexist", "/pay/receipt?transaction_id=pi_doesnotexist", "/checkout/pi_doesnotexist", "/pay/%E0%A4%A", "/pay/session/%C0%AF", "/checkout/pi_%ZZ"]) {
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

/**
 * Signed out, a prefetch of the dashboard is a redirect to /signin that Next then cancels: a
 * failed request in the visitor's network panel on every page carrying a Dashboard link (the
 * 404 and the docs header did). Those links are not prefetched; nothing else asks for
 * /dashboard or /signin until the visitor clicks.
 */
test("signed out, no public page prefetches the dashboard it would be refused", async ({ page, consoleErrors }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/dashboard") || pathname.startsWith("/signin")) asked.push(`${page.url()} -> ${r.url()}`);
  });
  for (const path of ["/no-such-page", "/docs", "/docs/quickstart", "/docs/webhooks"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // Next prefetches the links in view once the page is idle.
    await page.waitForLoadState("networkidle");
  }
  expect(asked).toEqual([]);
  // The dashboard is still one click away.
  await page.getByTestId("docs-dashboard-link").click();
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard|\/signin\?callbackUrl=\/dashboard/);
  allowRefusals(consoleErrors, 0, [404]);
});

/**
 * A page that fails to render (here: its database refusing connections) says so in the
 * visitor's language with a way to try again, and trying again once the database is back
 * brings the page. Before, Next's English "Application error: a server-side exception has
 * occurred". On a server of its own, with a database of its own, so that refusing its
 * connections touches no other test.
 */
test.describe.serial("a page that fails to render", () => {
  let server: OwnServer;
  let admin: ReturnType<typeof postgres>;
  const refuseConnections = async (refuse: boolean) => {
    await admin.unsafe(`alter database ${server.dbName} allow_connections ${refuse ? "false" : "true"}`);
    if (refuse) await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${server.dbName}`;
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer(2, "pages", { SECRETS_KEY: "d".repeat(64), NEXTAUTH_SECRET: "e2e-public-pages-secret-0123456789abcdef", LOG_LEVEL: "fatal" });
    admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  });
  test.afterAll(async () => {
    await refuseConnections(false).catch(() => {});
    await admin?.end();
    await server?.stop();
  });

  // No consoleErrors fixture: the browser logs the failed page and Next logs the render error, on purpose.
  test("payer's and sign-in pages: in French, a way to try again, and the page once the database is back", async ({ page }) => {
    const BASE = server.base;
    await page.context().addCookies([{ name: "sika_locale", value: "fr", url: BASE }]);
    await page.setViewportSize(VIEWPORTS.mobile);
    const payPage = `${BASE}/pay/nosuchlink2026`; // a slug of the right shape: looked up in the database
    const invitePage = `${BASE}/invite/${"a".repeat(32)}`;
    await page.goto(payPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(WORDS.fr.payNotFound);

    await refuseConnections(true);
    try {
      for (const url of [invitePage, payPage]) {
        await page.goto(url);
        // ErrorState's alert (Next's route announcer is an alert too).
        const alert = page.locator('[role="alert"][data-state="error"]');
        await expect(alert, url).toContainText("Impossible de charger cette page");
        await expect(alert).toContainText("Une erreur est survenue. Veuillez réessayer.");
        await expect(page.getByText("Application error")).toHaveCount(0);
      }
      // The payer's frame (its "secured by" line, in the header on wide screens and below on phones).
      await expect(page.getByText("Paiement sécurisé par Sika")).toHaveCount(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await shoot(page, "pay-error", "fr", "mobile");
    } finally {
      await refuseConnections(false);
    }
    // Réessayer refetches the page from the server: the link's own answer once the database is back.
    await expect(async () => {
      if (await page.getByRole("button", { name: "Réessayer" }).isVisible()) await page.getByRole("button", { name: "Réessayer" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(WORDS.fr.payNotFound, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });
});
