import fs from "node:fs";
import type { Page } from "@playwright/test";
import { OPERATOR, VIEWPORTS, allowRefusals, api, createApiKey, expect, newSession, shoot, signIn, signUp, test, watchConsole, type Viewport } from "./fixtures";

/**
 * Issue 21 end to end on the production build: a merchant creates a payment link, a payer
 * pays it on a 375 px page with a sandbox number (network predicted, Orange's USSD step,
 * live status, receipt), the merchant sees the payment and its total; an integrator's
 * checkout session is paid on our page and returns to its return_url; a settlement is
 * requested, exported as the bank's CSV, marked paid in the console, and the statement
 * balances. Screenshots in English and French, 375 px and desktop.
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
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, name, locale, size);
    }
  }
  await setLocale(page, "en");
}

test("payment links, a hosted checkout session and a settlement to the bank", async ({ page, request, browser, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(240_000);
  const base = test.info().project.use.baseURL!;
  await signUp(page, "links", "Lycée Sainte-Marie");
  const key = await createApiKey(page, "Shop server");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("500000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();

  // 1. The merchant creates a link in the dashboard.
  await page.getByRole("link", { name: "Payment links" }).click();
  await page.getByTestId("create-link").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title", { exact: true }).fill("School fees, term 2");
  await dialog.getByLabel(/^Description/).fill("Class of 2nd year, Abidjan");
  await dialog.getByLabel("Amount (XOF)").fill("25000");
  await dialog.getByLabel("Name").check();
  // The last day: day, month and year selects in the page's language (not the browser's
  // mm/dd/yyyy). The browser runs on Abidjan's clock (UTC), hence the UTC parts.
  const pad = (n: number) => String(n).padStart(2, "0");
  const pickDay = async (at: Date) => {
    await dialog.getByTestId("link-expires-day").selectOption(pad(at.getUTCDate()));
    await dialog.getByTestId("link-expires-month").selectOption(pad(at.getUTCMonth() + 1));
    await dialog.getByTestId("link-expires-year").selectOption(String(at.getUTCFullYear()));
  };
  const yesterday = new Date(Date.now() - 86_400_000);
  if (yesterday.getUTCFullYear() === new Date().getUTCFullYear()) {
    // A day already over: the server's sentence under the day, as with the date input.
    await pickDay(yesterday);
    const since = consoleErrors.length;
    await dialog.getByRole("button", { name: "Create a link" }).click();
    await expect(dialog.getByTestId("link-expires").getByRole("alert")).toContainText("future");
    await expect(dialog.getByLabel("Expires on: Month")).toHaveAttribute("aria-invalid", "true");
    allowRefusals(consoleErrors, since, [400]);
  }
  // The 31st picked while a 30-day month shows is that month's last day, and the 31st again
  // once a 31-day month is picked: the day picked is kept (on 1 December this test picked
  // 30 November, then 31, then December, and got the 30th).
  await dialog.getByTestId("link-expires-year").selectOption(String(new Date().getUTCFullYear() + 1));
  await dialog.getByTestId("link-expires-month").selectOption("11");
  await dialog.getByTestId("link-expires-day").selectOption("31");
  await expect(dialog.getByTestId("link-expires-day")).toHaveValue("30");
  await dialog.getByTestId("link-expires-month").selectOption("12");
  await expect(dialog.getByTestId("link-expires-day")).toHaveValue("31");
  const expiry = new Date(Date.now() + 30 * 86_400_000);
  await pickDay(expiry);
  await dialog.getByRole("button", { name: "Create a link" }).click();
  await expect(page.getByRole("heading", { name: "School fees, term 2" })).toBeVisible();
  const url = (await page.getByTestId("link-url").textContent())!.trim();
  expect(url).toMatch(new RegExp(`^${base}/pay/[a-z0-9]{10}$`));
  const linkPath = new URL(url).pathname;
  // The form still sends the chosen day, to its last second.
  const created = ((await api(request, key, "GET", "/api/v1/merchant/payment-links")).body.data!.data as Array<{ title: string; expires_at: string | null }>).find((l) => l.title === "School fees, term 2");
  expect(created?.expires_at).toBe(`${expiry.toISOString().slice(0, 10)}T23:59:59.000Z`);

  // 2. A payer pays it on a phone, in French (the browser's language), with a sandbox number.
  const payerContext = await browser.newContext({ baseURL: base, locale: "fr-CI", viewport: VIEWPORTS.mobile, timezoneId: "Africa/Abidjan" });
  const payer = { page: await payerContext.newPage(), close: () => payerContext.close() };
  const payerErrors = watchConsole(payer.page);
  await payer.page.goto(linkPath);
  await expect(payer.page.getByRole("heading", { name: "School fees, term 2" })).toBeVisible();
  await expect(payer.page.getByText("Payer Lycée Sainte-Marie")).toBeVisible();
  await payer.page.getByLabel("Numéro mobile money").fill("07 00 00 12 34");
  // D16: 07 is Orange Money's range in Côte d'Ivoire.
  await expect(payer.page.getByTestId("pay-network")).toHaveValue("orange");
  await expect(payer.page.getByText("Détecté d’après le numéro")).toBeVisible();
  await payer.page.getByLabel("Votre nom").fill("Awa Koné");
  await expect(payer.page.getByTestId("pay-price")).toContainText("375");
  expect(await payer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await payer.page.getByRole("button", { name: /^Payer/ }).click();
  // D7: Orange without om_otp: the USSD code to dial, then the live status.
  await expect(payer.page.getByTestId("pay-dial-code")).toHaveText("#144*82#");
  await expect(payer.page.getByTestId("pay-dial-code")).toHaveAttribute("href", "tel:%23144*82%23");
  // In the payer's language: the API's instructions are English ("To pay … dial …").
  await expect(payer.page.getByTestId("pay-confirm")).toContainText("composez ce code sur votre téléphone");
  await expect(payer.page.getByTestId("pay-confirm")).not.toContainText(/dial|To pay/);
  await expect(payer.page.getByRole("button", { name: "J’ai validé" })).toBeVisible();
  // The payer approves on the phone and touches nothing here: the page moves to the receipt by itself.
  await expect(payer.page.getByTestId("pay-status")).toHaveAttribute("data-status", "successful", { timeout: 30_000 });
  await expect(payer.page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible();
  const receiptUrl = new URL(payer.page.url());
  const payinId = receiptUrl.searchParams.get("transaction_id")!;
  expect(payinId).toMatch(/^pi_/);
  expect(payerErrors).toEqual([]);
  await payer.close();

  // 3. The merchant sees the payment, ordinary payin, on the link's page.
  await expect(page.getByTestId("link-collected")).toHaveText(/25[\s\u202f,.]?000/, { timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Payments" }).getByText("Awa Koné")).toBeVisible();
  const payin = await api(request, key, "GET", `/api/v1/merchant/transactions/${payinId}`);
  expect(payin.body.data).toMatchObject({ status: "successful", amount: 25000, fee: 375 });

  // 4. A deactivated link says so.
  const spare = await api(request, key, "POST", "/api/v1/merchant/payment-links", { title: "Old link", country_code: "CI", amount: 1000 });
  await api(request, key, "POST", `/api/v1/merchant/payment-links/${spare.body.data!.id as string}/deactivate`, {});
  await page.goto(new URL(spare.body.data!.url as string).pathname);
  await expect(page.getByTestId("link-closed")).toContainText("no longer active");

  // 5. An integrator's checkout session: the customer picks network and phone here and goes back.
  const session = await api(request, key, "POST", "/api/v1/merchant/checkout-sessions", { amount: 15000, currency: "XOF", country_code: "CI", order_id: "shop-order-77", return_url: `${base}/docs?from=shop`, description: "2 T-shirts" });
  expect(session.status).toBe(200);
  const { id: sessionId, url: sessionUrl } = session.body.data as { id: string; url: string };
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(new URL(sessionUrl).pathname);
  await page.getByLabel("Mobile money number").fill("0700001234");
  await expect(page.getByTestId("pay-network")).toHaveValue("orange");
  await page.getByTestId("pay-network").selectOption("mtn"); // the payer's choice wins over the prediction
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByTestId("pay-status")).toHaveAttribute("data-status", "successful", { timeout: 30_000 });
  await page.getByRole("link", { name: /Return to Lycée Sainte-Marie/ }).click();
  await page.waitForURL(/\/docs\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("session_id")).toBe(sessionId);
  expect(back.searchParams.get("status")).toBe("complete");
  const read = await api(request, key, "GET", `/api/v1/merchant/checkout-sessions/${sessionId}`);
  expect(read.body.data).toMatchObject({ status: "complete", payment_status: "successful" });
  await page.setViewportSize(VIEWPORTS.desktop);

  // 6. A settlement: bank account, verified by an operator, requested, exported, paid.
  await page.goto("/dashboard/settlements");
  await page.getByTestId("add-bank-account").click();
  const bank = page.getByRole("dialog");
  await bank.getByLabel("Account holder").fill("Lycée Sainte-Marie SARL");
  await bank.getByLabel("Bank", { exact: true }).fill("Banque Atlantique CI");
  await bank.getByLabel("RIB or IBAN").fill("CI008 01113 011342912005 89");
  await bank.getByRole("button", { name: "Add a bank account" }).click();
  await expect(page.getByTestId("bank-accounts")).toContainText("Being verified");

  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await operator.page.getByRole("link", { name: "Settlements" }).click();
  const toVerify = operator.page.locator('[data-testid^="verify-"]').filter({ hasText: "Lycée Sainte-Marie SARL" });
  await expect(toVerify).toContainText("CI93CI0080111301134291200589");
  await toVerify.getByRole("button", { name: "Verify" }).click();
  await expect(toVerify).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("bank-accounts")).toContainText("Verified");
  await page.getByTestId("request-settlement").click();
  await page.getByRole("dialog").getByLabel("Amount to receive (XOF)").fill("200000");
  await expect(page.getByTestId("settlement-quote")).toContainText("201");
  await page.getByRole("dialog").getByRole("button", { name: "Request a settlement" }).click();
  await expect(page.getByText("Settlement requested")).toBeVisible();
  const list = await api(request, key, "GET", "/api/v1/merchant/settlements");
  const st = (list.body.data!.data as Array<{ id: string; status: string; total: number; bank_account: { id: string } }>)[0];
  expect(st).toMatchObject({ status: "pending", total: 201000 });

  await operator.page.reload();
  const pending = operator.page.getByTestId(`pending-${st.id}`);
  await expect(pending).toBeVisible();
  const [download] = await Promise.all([operator.page.waitForEvent("download"), operator.page.getByTestId("export-BANQUE ATLANTIQUE CI").click()]);
  expect(download.suggestedFilename()).toMatch(/^sika-settlements-banque-atlantique-ci-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("settlement_id,merchant,beneficiary_name");
  expect(csv).toContain(`${st.id},Lycée Sainte-Marie,Lycée Sainte-Marie SARL,Banque Atlantique CI,,CI,CI93CI0080111301134291200589,,200000,XOF,SIKA ${st.id}`);
  await pending.getByRole("button", { name: "Mark paid" }).click();
  await operator.page.getByRole("dialog").getByLabel("Bank reference").fill("BACI-VIR-2026-0042");
  await operator.page.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(pending).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId(`settlement-${st.id}`)).toContainText("BACI-VIR-2026-0042");
  const today = new Date().toISOString().slice(0, 10);
  const statement = await api(request, key, "GET", `/api/v1/merchant/statements?currency=XOF&from=${today}&to=${today}`);
  const s = statement.body.data as { opening_balance: number; closing_balance: number; movements: Array<{ type: string; amount: number; fee: number; transaction_id: string }> };
  expect(s.movements.find((m) => m.transaction_id === st.id)).toMatchObject({ type: "settlement", amount: -201000, fee: -1000 });
  expect(s.opening_balance + s.movements.reduce((sum, m) => sum + m.amount, 0)).toBe(s.closing_balance);
  // 500000 top-up + 25000 link payment + 15000 session payment - 201000 settlement.
  expect(s.closing_balance).toBe(339000);
  const balances = await api(request, key, "GET", "/api/v1/merchant/balances");
  expect(balances.body.data).toContainEqual({ currency: "XOF", available_balance: 339000, pending_balance: 0 });

  // The create dialog in French: the last day's month names are French.
  await setLocale(page, "fr");
  await page.goto("/dashboard/payment-links");
  await page.getByTestId("create-link").click();
  await expect(page.getByRole("dialog").getByRole("group", { name: /^Expire le/ }).getByLabel("Expire le: Mois").locator("option").nth(5)).toHaveText("mai");
  if (yesterday.getUTCFullYear() === new Date().getUTCFullYear()) {
    // The server's English sentence about expires_at (the API's), said in French under the day.
    await dialog.getByLabel("Titre", { exact: true }).fill("Frais de cantine");
    await dialog.getByLabel("Montant (XOF)").fill("5000");
    await pickDay(yesterday);
    const since = consoleErrors.length;
    await dialog.getByRole("button", { name: "Créer un lien" }).click();
    await expect(dialog.getByTestId("link-expires").getByRole("alert")).toHaveText("Doit être une date future.");
    allowRefusals(consoleErrors, since, [400]);
    await shoot(page, "payment-link-past-expiry", "fr", "desktop");
  }
  await setLocale(page, "en");

  // 7. Screenshots, looked at by a person.
  await shootAll(page, "pay-link", linkPath, async (p) => expect(p.getByRole("heading", { name: "School fees, term 2" })).toBeVisible());
  await shootAll(page, "pay-receipt", `${receiptUrl.pathname}${receiptUrl.search}`, async (p) => expect(p.getByTestId("pay-status")).toHaveAttribute("data-status", "successful"));
  const linkId = (await api(request, key, "GET", "/api/v1/merchant/payment-links")).body.data!.data as Array<{ id: string; title: string }>;
  await shootAll(page, "payment-link-detail", `/dashboard/payment-links/${linkId.find((l) => l.title === "School fees, term 2")!.id}`, async (p) => expect(p.getByTestId("link-collected")).toBeVisible());
  await shootAll(page, "settlements", "/dashboard/settlements", async (p) => expect(p.locator("text=BACI-VIR-2026-0042 >> visible=true").first()).toBeVisible());
  // One more request, left pending, so the console shows its desk with work on it.
  const next = await api(request, key, "POST", "/api/v1/merchant/settlements", { bank_account_id: st.bank_account.id, amount: 50000 });
  expect(next.status).toBe(200);
  await shootAll(operator.page, "console-settlements", "/console/settlements", async (p) => expect(p.getByTestId(`pending-${next.body.data!.id as string}`)).toBeVisible());
  expect(operator.errors).toEqual([]);
  await operator.close();
});

test("a payment's receipt on a phone wraps a long title at its spaces, never inside a word", async ({ page, request, browser }) => {
  await signUp(page, "receiptwrap", "Dibiterie Chez Fatou");
  const key = await createApiKey(page, "Boutique");
  const title = "Thiéboudienne du vendredi pour toute la famille Diop";
  const link = await api(request, key, "POST", "/api/v1/merchant/payment-links", { title, country_code: "CI", amount: 7500 });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const payerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "fr-CI", viewport: VIEWPORTS.mobile, timezoneId: "Africa/Abidjan" });
  const payer = await payerContext.newPage();
  await payer.goto(new URL(link.body.data!.url as string).pathname);
  await payer.getByLabel("Numéro mobile money").fill("07 00 00 12 34");
  await payer.getByTestId("pay-network").selectOption("mtn");
  await payer.getByRole("button", { name: /^Payer/ }).click();
  await expect(payer.getByTestId("pay-status")).toHaveAttribute("data-status", "successful", { timeout: 30_000 });
  const value = payer.getByTestId("receipt-value").filter({ hasText: title });
  await expect(value).toBeVisible();
  // Each word of the title on one line: a word cut across two lines has two boxes.
  const cut = await value.evaluate((dd) => {
    const text = dd.firstChild!;
    const out: string[] = [];
    let at = 0;
    for (const word of (text.textContent ?? "").split(" ")) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) out.push(word);
      at += word.length + 1;
    }
    return out;
  });
  expect(cut, "words of the title broken across lines").toEqual([]);
  // The title does wrap here: the check above is not vacuous.
  expect(await value.evaluate((dd) => dd.getClientRects()[0].height > 2 * parseFloat(getComputedStyle(dd).lineHeight) - 1)).toBe(true);
  await payerContext.close();
});
