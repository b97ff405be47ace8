import type { Page } from "@playwright/test";
import { OPERATOR, VIEWPORTS, allowRefusals, api, createApiKey, expect, newSession, shoot, signIn, signUp, startReceiver, test, type Viewport } from "./fixtures";

/**
 * Issue 15, "a merchant's and an integrator's first hour": each rough edge, fixed, seen
 * at 1280 and 375 px in English and French (screenshots fh-*-<locale>-<viewport>.png),
 * and asserted where a test can see it so it cannot come back unnoticed.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];
type Locale = (typeof LOCALES)[number];

const WORDS = {
  en: {
    reason: "Recipient account not found",
    skipped: "Not sent: no webhook URL was configured",
    skippedShort: "Not sent: no webhook URL",
    resend: "(resend)",
    rotate: "Rotate",
    rotateBody: "for 24 hours",
    cancel: "Cancel",
    filters: "Filters",
    month: "May",
    review: "Review fee",
    sent: /Payout po_\w+ sent/,
    balanceError: "does not cover this payout and its fee",
    kycError: "Live payouts need a verified business",
    payout: "Payout",
    edit: "Change",
  },
  fr: {
    reason: "Compte du bénéficiaire introuvable",
    skipped: "Non envoyé : aucune URL de webhook n'était configurée",
    skippedShort: "Non envoyé : pas d'URL de webhook",
    resend: "(renvoi)",
    rotate: "Renouveler",
    rotateBody: "pendant 24 heures",
    cancel: "Annuler",
    filters: "Filtres",
    month: "mai",
    review: "Voir les frais",
    sent: /Décaissement po_\w+ envoyé/,
    balanceError: "ne couvre pas ce décaissement et ses frais",
    kycError: "Les décaissements réels exigent une entreprise vérifiée",
    payout: "Décaissement",
    edit: "Modifier",
  },
} as const;

async function setLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

/** Runs `check` for each language and size on a freshly loaded page, then no sideways scroll. */
async function eachView(page: Page, path: string, check: (locale: Locale, size: Viewport) => Promise<void>) {
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(path);
      await check(locale, size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
    }
  }
}

async function rightEdge(page: Page, testId: string): Promise<number> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return box.x + box.width;
}

async function topUp(page: Page, amount: string, currency: string) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount").fill(amount);
  await dialog.getByLabel("Currency").selectOption(currency);
  await dialog.getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/).first()).toBeVisible();
}

async function waitStatus(request: Parameters<typeof api>[0], key: string, id: string, status: string) {
  await expect.poll(async () => (await api(request, key, "GET", `/api/v1/merchant/transactions/${id}`)).body.data?.status, { timeout: 20_000 }).toBe(status);
}

/** A payin through the API (answered 200); its transaction id. */
async function createPayin(request: Parameters<typeof api>[0], key: string, body: Record<string, unknown>): Promise<string> {
  const payin = await api(request, key, "POST", "/api/v1/merchant/payin", body);
  expect(payin.status, JSON.stringify(payin.body)).toBe(200);
  return String(payin.body.data!.transaction_id);
}

async function fillPayout(page: Page, amount: string) {
  const dialog = page.getByRole("dialog");
  await dialog.locator("select").nth(0).selectOption("CI");
  await dialog.locator("select").nth(1).selectOption("orange");
  await dialog.locator('input[type="tel"]').fill("+2250707070707");
  await dialog.locator("input").nth(1).fill("Moussa Traoré");
  await dialog.locator('input[inputmode="decimal"]').fill(amount);
}

test("a merchant's first hour: French reasons, phone layouts, honest words, payout form", async ({ page, request, browser, consoleErrors }) => {
  test.setTimeout(420_000);
  await signUp(page, "firsthour", "Boutique Awa Dakar");
  const key = await createApiKey(page, "Boutique server");
  await topUp(page, "250000", "XOF");
  await topUp(page, "50000", "KES");

  // No webhook URL yet: the events of these transactions are skipped, for want of a URL.
  const payinId = await createPayin(request, key, { amount: 15000, currency: "XOF", order_id: "CMD-2026-2001", metadata: { phone_number: "+2250701020304", country_code: "CI", network: "mtn" } });
  const declined = await api(request, key, "POST", "/api/v1/merchant/payout", {
    amount: 20000,
    currency: "XOF",
    payment_method: "mobile_money",
    order_id: "PAY-2026-0001",
    metadata: { network: "orange", phone_number: "+2250707000001", country_code: "CI", beneficiary: "Moussa Traoré" },
  });
  expect(declined.status, JSON.stringify(declined.body)).toBe(200);
  const payoutId = String(declined.body.data!.transaction_id);
  await waitStatus(request, key, payoutId, "failed");
  await waitStatus(request, key, payinId, "successful");

  // Now a URL, and a resend: the events list has a skipped event and a resent one.
  const receiver = await startReceiver();
  await page.goto("/dashboard/developers");
  await page.getByLabel("Default webhook URL").fill(receiver.url);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Webhook URL saved")).toBeVisible();
  await page.goto(`/dashboard/transactions/${payoutId}`);
  await page.getByRole("button", { name: "Resend webhook" }).click();
  await expect(page.getByText(/Webhook queued for/)).toBeVisible();
  await expect.poll(() => receiver.forTransaction(payoutId).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  // French decline reason (detail row and timeline) and the skipped event that says why.
  await eachView(page, `/dashboard/transactions/${payoutId}`, async (locale, size) => {
    const w = WORDS[locale];
    await expect(page.getByTestId("failure-reason")).toHaveText(w.reason);
    await expect(page.getByTestId("timeline-reason")).toHaveText(w.reason);
    await expect(page.getByTestId("webhook-no-attempts")).toContainText(w.skipped);
    await expect(page.locator('[data-testid^="webhook-attempt"]:visible').first()).toBeVisible();
    await shoot(page, "fh-detail-declined", locale, size);
  });

  // Developers on phones: keys and events as cards, Revoke on screen; "(resend)" in the language; skipped says why.
  await eachView(page, "/dashboard/developers", async (locale, size) => {
    const w = WORDS[locale];
    const phone = size === "mobile";
    await expect(page.getByTestId(phone ? "api-key-mobile" : "api-key-row").first()).toBeVisible();
    await expect(page.getByTestId(phone ? "api-key-row" : "api-key-mobile").first()).toBeHidden();
    const events = page.getByTestId(phone ? "webhook-event-mobile" : "webhook-event-row");
    await expect(events.first()).toBeVisible();
    await expect(events.filter({ hasText: w.resend }).first()).toBeVisible();
    await expect(events.filter({ hasText: w.skippedShort }).first()).toBeVisible();
    if (phone) {
      const revoke = page.getByTestId("api-key-mobile").first().getByRole("button");
      const box = (await revoke.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      // Every column of the events list is readable: the state badge is inside the screen.
      const card = (await events.first().boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
    await shoot(page, "fh-developers", locale, size);
    // The rotate dialog says how long the old secret keeps signing.
    await page.getByRole("button", { name: w.rotate, exact: true }).click();
    await expect(page.getByRole("dialog")).toContainText(w.rotateBody);
    await shoot(page, "fh-rotate-dialog", locale, size);
    await page.getByRole("dialog").getByRole("button", { name: w.cancel }).click();
  });

  // Two currencies, two cells: no empty third one.
  await eachView(page, "/dashboard", async (locale, size) => {
    await expect(page.getByTestId("balance-KES")).toBeVisible();
    const grid = page.getByTestId("balances-grid");
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(size === "desktop" ? 2 : 1);
    await expect(grid.locator("li")).toHaveCount(2);
    await shoot(page, "fh-overview-balances", locale, size);
  });

  // Filters: folded behind one button on phones, with the count; dates in the page's language.
  await eachView(page, "/dashboard/transactions", async (locale, size) => {
    const w = WORDS[locale];
    const panel = page.locator("#transaction-filters");
    if (size === "mobile") {
      await expect(page.locator('[data-testid^="transaction-row"]:visible').first()).toBeInViewport();
      await expect(page.getByTestId("filter-from")).toBeHidden();
      const toggle = page.getByTestId("filters-toggle");
      await expect(toggle).toHaveText(w.filters);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
    } else {
      await expect(page.getByTestId("filters-toggle")).toBeHidden();
    }
    await expect(panel.getByTestId("filter-from")).toBeVisible();
    // The month names are the language's, and the date reads day, month, year.
    const monthSelect = page.getByTestId("filter-from-month");
    await expect(monthSelect.locator("option").nth(5)).toHaveText(w.month);
    const order = await page.getByTestId("filter-from").locator("select").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(order).toEqual(["filter-from-day", "filter-from-month", "filter-from-year"]);
    const now = new Date();
    await page.getByTestId("filter-from-day").selectOption("01");
    await page.getByTestId("filter-from-month").selectOption(String(now.getMonth() + 1).padStart(2, "0"));
    await page.getByTestId("filter-from-year").selectOption(String(now.getFullYear()));
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
    await page.getByLabel(locale === "en" ? "Status" : "Statut", { exact: true }).selectOption("failed");
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.locator('[data-testid^="transaction-row"]:visible').first()).toBeVisible();
    // Wide enough to read the whole month name.
    const fieldset = (await page.getByTestId("filter-from").boundingBox())!;
    expect(fieldset.width).toBeGreaterThanOrEqual(size === "desktop" ? 220 : 300);
    const month = await monthSelect.evaluate((el) => (el as HTMLSelectElement).clientWidth);
    expect(month).toBeGreaterThanOrEqual(90);
    if (size === "mobile") await expect(page.getByTestId("filters-count")).toHaveText(/^2/);
    await shoot(page, "fh-transactions-filters", locale, size);
  });

  // Send payout: the fee quote before confirming, then the payout; balance and KYC refusals in words.
  await eachView(page, "/dashboard", async (locale, size) => {
    const w = WORDS[locale];
    await page.getByTestId("send-payout").click();
    await fillPayout(page, "10000");
    await shoot(page, "fh-payout-form", locale, size);
    await page.getByRole("dialog").getByRole("button", { name: w.review }).click();
    const quote = page.getByTestId("payout-quote");
    await expect(quote).toBeVisible();
    await expect(quote).toContainText(/10[\s\u202f\u00a0.,]?000/);
    await shoot(page, "fh-payout-quote", locale, size);
    await page.getByRole("dialog").getByRole("button", { name: /Confirm|Confirmer/ }).click();
    await expect(page.getByText(w.sent)).toBeVisible();

    await page.getByTestId("send-payout").click();
    await fillPayout(page, "400000");
    await page.getByRole("dialog").getByRole("button", { name: w.review }).click();
    const since = consoleErrors.length;
    await page.getByRole("dialog").getByRole("button", { name: /Confirm|Confirmer/ }).click();
    await expect(page.getByTestId("payout-error")).toContainText(w.balanceError);
    await expect.poll(() => consoleErrors.length).toBeGreaterThan(since);
    allowRefusals(consoleErrors, since, [400]);
    await shoot(page, "fh-payout-balance-error", locale, size);
    await page.keyboard.press("Escape");
  });
  // Live mode without KYC: refused, and the merchant is told what to do.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/dashboard");
  await page.getByTestId("mode-live").click();
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto("/dashboard");
      await expect(page.getByTestId("mode-live")).toHaveAttribute("aria-checked", "true");
      await page.getByTestId("send-payout").click();
      await fillPayout(page, "10000");
      await page.getByRole("dialog").getByRole("button", { name: WORDS[locale].review }).click();
      const since = consoleErrors.length;
      await page.getByRole("dialog").getByRole("button", { name: /Confirm|Confirmer/ }).click();
      await expect(page.getByTestId("payout-error")).toContainText(WORDS[locale].kycError);
      await expect.poll(() => consoleErrors.length).toBeGreaterThan(since);
      allowRefusals(consoleErrors, since, [403]);
      await shoot(page, "fh-payout-kyc-error", locale, size);
    }
  }
  await page.goto("/dashboard");
  await page.getByTestId("mode-test").click();

  // The docs header's Dashboard button keeps a margin from the screen edge.
  await eachView(page, "/docs", async (locale, size) => {
    const edge = await rightEdge(page, "docs-dashboard-link");
    expect(edge).toBeLessThanOrEqual(VIEWPORTS[size].width - 12);
    await shoot(page, "fh-docs", locale, size);
  });

  // The console counts merchants with the language's plural.
  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await expect(operator.page.getByText(/^\d[\d\s\u202f]* merchants?$/)).toBeVisible();
  await operator.page.context().addCookies([{ name: "sika_locale", value: "fr", url: test.info().project.use.baseURL! }]);
  await operator.page.goto("/console");
  await expect(operator.page.getByText(/^\d[\d\s\u202f]* marchands?$/)).toBeVisible();
  expect(operator.errors).toEqual([]);
  await operator.close();
  await receiver.close();
});

// The overview's day and month figures are whole on a phone: they were cut with an ellipsis
// ("KES 1,000.…" on the demo merchant, stop 58) in the half-width columns at 375 px.
test("the overview's volume figures are never cut on a phone", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUp(page, "overviewfigures", "Duka la Wanjiru Nairobi");
  const key = await createApiKey(page, "Duka server");
  const payinId = await createPayin(request, key, { amount: 69876.54, currency: "KES", order_id: "DUKA-0001", metadata: { phone_number: "+254712341234", country_code: "KE", network: "safaricom" } });
  await waitStatus(request, key, payinId, "successful");
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/dashboard");
    const stats = page.getByTestId("overview-stat");
    await expect(stats).toHaveCount(4);
    await expect(stats.first()).toContainText(locale === "en" ? /KES\s69,876\.54/ : /69\s876,54\sKES/);
    for (const stat of await stats.all()) {
      const seen = await stat.evaluate((el) => {
        // The number (digits and their separators) on one line: a wrap may only put the currency apart.
        const node = el.firstChild!;
        const text = node.textContent!;
        const digits = /\d[\d\s,.]*\d/.exec(text);
        const range = document.createRange();
        if (digits) {
          range.setStart(node, digits.index);
          range.setEnd(node, digits.index + digits[0].length);
        }
        const lines = digits ? new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size : 1;
        return { text, cut: el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth, lines };
      });
      expect(seen.cut, `${seen.text} (${locale}) is cut`).toBe(false);
      expect(seen.lines, `${seen.text} (${locale}): its number is broken across lines`).toBe(1);
    }
    await shoot(page, "fh-overview-figures", locale, "mobile");
  }
});
