import type { Page } from "@playwright/test";
import { VIEWPORTS, allowRefusals, api, createApiKey, expect, shoot, signUp, test, trpcCall, type Viewport } from "./fixtures";

/**
 * The dashboard side of refunds and bulk payouts (D16): the Refund button on a successful
 * payin (prefilled with what is left), the refund listed under it; a bulk CSV with one
 * bad line checked before sending, sent, followed to the end, and its failed line
 * retried as a new batch. Screenshots in English and French at 1280 and 375 px.
 */
const LOCALES = ["en", "fr"] as const;
const SIZES: Viewport[] = ["desktop", "mobile"];

async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

async function topUp(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("250000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();
}

test("refund button: prefilled with what is left, refund listed under the payin", async ({ page, request, consoleErrors }) => {
  test.setTimeout(180_000);
  await signUp(page, "refund", "Boutique Remboursement");
  const key = await createApiKey(page, "Refund server");
  await topUp(page);
  const payin = await api(request, key, "POST", "/api/v1/merchant/payin", { amount: 10000, currency: "XOF", order_id: "rf-e2e", metadata: { network: "mtn", phone_number: "+2250700001234", country_code: "CI" } });
  const id = payin.body.data!.transaction_id as string;
  await expect.poll(async () => (await api(request, key, "GET", `/api/v1/merchant/transactions/${id}`)).body.data?.status, { timeout: 30_000 }).toBe("successful");

  await page.goto(`/dashboard/transactions/${id}`);
  const card = page.getByRole("region", { name: "Refunds" }).or(page.locator("section[aria-labelledby=refunds-title]"));
  await expect(page.getByText("No refund yet.")).toBeVisible();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Amount (XOF)")).toHaveValue("10000");
  await dialog.getByLabel("Amount (XOF)").fill("4000");
  await dialog.getByLabel("Reason").fill("Damaged item");
  await dialog.getByRole("button", { name: "Send refund" }).click();
  await expect(page.getByText(/Refund of .*4[\s\u202f,.]?000.* sent/)).toBeVisible();
  await expect(page.getByText(/Left to refund: .*6[\s\u202f,.]?000/)).toBeVisible();
  await expect(page.getByRole("link", { name: /^rf_/ })).toBeVisible();
  void card;
  // What is left prefills the next refund.
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByRole("dialog").getByLabel("Amount (XOF)")).toHaveValue("6000");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  // More than is left is refused in the page's language, not in the server's English.
  await setLocale(page, "fr");
  await page.reload();
  await page.getByRole("button", { name: "Rembourser", exact: true }).click();
  await page.getByRole("dialog").getByLabel("Montant (XOF)").fill("7000");
  const refused = consoleErrors.length;
  await page.getByRole("dialog").getByRole("button", { name: "Envoyer le remboursement" }).click();
  await expect(page.getByText(/C’est plus que ce qui reste à rembourser \(6[\s\u202f]?000\sF\sCFA\)\./)).toBeVisible();
  await expect(page.getByText("Refund exceeds the refundable amount")).toHaveCount(0);
  allowRefusals(consoleErrors, refused, [409]);
  await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();

  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(`/dashboard/transactions/${id}`);
      // A table row on desktop, a card on phones: the refund is listed either way.
      await expect(page.locator('[data-testid^="refund-row"]:visible')).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `refund ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, "refunds", locale, size);
    }
  }
  await setLocale(page, "en");
  await page.setViewportSize(VIEWPORTS.desktop);
});

test("bulk payouts: CSV checked line by line, sent, followed live at its own address (reload, French), failed line retried", async ({ page, consoleErrors }) => {
  test.setTimeout(240_000);
  await signUp(page, "bulk", "Boutique Décaissements");
  await topUp(page);
  const csv = [
    "phone,amount,currency,country,network,name,order_id",
    "+2250700001234,1500,XOF,CI,mtn,Awa Diop,bulk-1",
    "+2250700000001,2000,XOF,CI,mtn,Koffi Yao,bulk-2",
    "+2250700001234,abc,XOF,CI,mtn,Moussa Traoré,bulk-3",
    "+2250700001234,2500,XOF,CI,mtn,Fatou Ndiaye,bulk-4",
  ].join("\n");
  const upload = () => page.locator("#bulk-file").setInputFiles({ name: "payouts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

  // The check of the file, in both languages: the server's messages about the file's columns.
  await page.goto("/dashboard/payouts/bulk");
  await expect(page.getByRole("heading", { name: "Bulk payouts", level: 1 })).toBeVisible();
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.reload();
      await upload();
      await expect(page.getByTestId("bulk-line-3")).toContainText(locale === "fr" ? "La colonne amount doit contenir un nombre." : "The amount column must be a number.");
      if (locale === "fr") {
        await expect(page.getByText("3 valides, 1 en erreur. Seules les lignes valides sont envoyées.")).toBeVisible();
        // The file button is the page's own label, not the browser's "Choose File".
        await expect(page.getByText("Choisir un fichier", { exact: true })).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `bulk-preview ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, "bulk-preview", locale, size);
    }
  }
  await setLocale(page, "en");
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.reload();
  await upload();
  await expect(page.getByText("3 valid, 1 with errors. Only valid lines are sent.")).toBeVisible();
  await expect(page.getByTestId("bulk-line-3")).toContainText("Error");
  await expect(page.getByTestId("bulk-line-1")).toContainText("Valid");

  // A dropped connection: the send reaches the server and the batch is made, but the answer never
  // reaches the page. Sending again replays that batch (the page's key for these lines): nobody is paid twice.
  const errorsBefore = consoleErrors.length;
  await page.route("**/api/trpc/bulkPayouts.send*", async (route) => (await route.fetch(), route.abort("connectionreset")), { times: 1 });
  await page.getByRole("button", { name: "Send 3 payouts" }).click();
  await expect(page.getByText("Cannot reach Sika. Check your connection and try again.")).toBeVisible();
  // The browser's own line for the request we cut, and only that.
  for (let i = consoleErrors.length - 1; i >= errorsBefore; i--) if (/ERR_CONNECTION_RESET/.test(consoleErrors[i])) consoleErrors.splice(i, 1);

  // Sent: the batch opens at its own address and is followed there.
  await page.getByRole("button", { name: "Send 3 payouts" }).click();
  await expect(page.getByText("Batch sent: 3 payouts created.")).toBeVisible();
  await page.waitForURL(/\/dashboard\/payouts\/bulk\/bat_[0-9A-Z]+$/);
  const batchUrl = new URL(page.url()).pathname;
  const batchId = batchUrl.split("/").pop()!;
  await expect(page.getByText(batchId)).toBeVisible();
  const me = await trpcCall(page, "account.me", "query");
  const merchantId = (me.body.result!.data.json as { memberships: Array<{ merchantId: string }> }).memberships[0].merchantId;
  const batches = await trpcCall(page, "bulkPayouts.list", "query", { merchantId, mode: "test", limit: 10 });
  expect((batches.body.result!.data.json as Array<{ id: string; source: string }>).map((b) => [b.id, b.source])).toEqual([[batchId, "dashboard"]]);
  await expect(page.getByText("3 of 3 finished")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3");
  await expect(page.getByTestId("batch-line-2")).toContainText(/failed/i);
  await expect(page.getByTestId("batch-line-1")).toContainText(/successful/i);

  // A reload keeps the batch (nothing of it lives in the page alone).
  await page.reload();
  await expect(page.getByText(batchId)).toBeVisible();
  await expect(page.getByText("3 of 3 finished")).toBeVisible();
  await expect(page.getByTestId("batch-line-2")).toContainText("bulk-2");
  await expect(page.getByRole("button", { name: "Retry 1 failed line" })).toBeVisible();

  // The language switch keeps it too, and the batch view is in French.
  await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "fr" }).click();
  await expect(page.getByText("3 sur 3 terminés")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(batchUrl);
  await expect(page.getByRole("heading", { name: "Lot", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Relancer 1 ligne en échec" })).toBeVisible();
  await expect(page.getByTestId("batch-line-2")).toContainText("Échouée");

  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.reload();
      await expect(page.getByText(batchId)).toBeVisible();
      await expect(page.getByText(locale === "fr" ? "3 sur 3 terminés" : "3 of 3 finished")).toBeVisible();
      if (locale === "fr") {
        await expect(page.getByRole("region", { name: "Décaissements du lot" })).toBeVisible();
        await expect(page.getByText("2 réussis, 1 en échec, 0 refusé")).toBeVisible();
        await expect(page.getByText(/finished|successful|Order ID|Retry/)).toHaveCount(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `bulk batch ${locale} ${size} width`).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await shoot(page, "bulk-batch", locale, size);
    }
  }
  await setLocale(page, "en");
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.reload();

  // The failed line goes out as a new batch, whose own page opens.
  await page.getByRole("button", { name: "Retry 1 failed line" }).click();
  await expect(page.getByText("Batch sent: 1 payout created.")).toBeVisible();
  await page.waitForURL((url) => /\/dashboard\/payouts\/bulk\/bat_/.test(url.pathname) && url.pathname !== batchUrl);
  await expect(page.getByText("1 of 1 finished")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("batch-line-1")).toContainText("bulk-2");
  // The first batch is still at its address.
  await page.goBack();
  await expect(page.getByText(batchId)).toBeVisible();
  await expect(page.getByText("3 of 3 finished")).toBeVisible();
});
