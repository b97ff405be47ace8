import type { Page } from "@playwright/test";
import { VIEWPORTS, allowRefusals, api, createApiKey, expect, outsideTheirCard, shoot, signUp, startReceiver, test, type Viewport } from "./fixtures";

/**
 * Issue 23 in the browser: a webhook endpoint added on Developers → Endpoints receives the
 * payin event it subscribes to; the transaction links to its API requests in Developers →
 * Logs (detail with both bodies); Developers → Events shows the event, its delivery to the
 * endpoint, and redelivers it. Then screenshots of the three pages, EN and FR, desktop and phone.
 */
async function setLocale(page: Page, locale: "en" | "fr") {
  await page.context().addCookies([{ name: "sika_locale", value: locale, url: test.info().project.use.baseURL! }]);
}

test("endpoints, events and request logs", async ({ page, request, consoleErrors }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  await signUp(page, "integrator", "Boutique Fatou Nairobi");
  const key = await createApiKey(page, "Order server");

  // Developers → Endpoints: add one that takes payin events only.
  await page.getByRole("link", { name: "Endpoints" }).click();
  await expect(page.getByText("No webhook endpoints in this mode yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL", { exact: true }).fill(receiver.url);
  await dialog.getByLabel("Description").fill("Order service");
  await dialog.getByLabel("Event types").fill("transaction.payin.*");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("endpoint-secret")).toHaveText(/^whsec_/);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("endpoint-row")).toContainText("transaction.payin");

  // A payin through the API: its event reaches the endpoint.
  const created = await api(request, key, "POST", "/api/v1/merchant/payin", {
    amount: 15000,
    order_id: "shop-1042",
    metadata: { network: "mtn", phone_number: "+2250701020304", country_code: "CI" },
  });
  expect(created.status).toBe(200);
  const id = String(created.body.data!.transaction_id);
  await expect.poll(() => receiver.forTransaction(id).some((r) => r.json.status === "successful"), { timeout: 20_000 }).toBe(true);
  await api(request, key, "GET", `/api/v1/merchant/transactions/${id}`);
  await api(request, key, "GET", "/api/v1/merchant/transactions?page=1&limit=20");

  // The transaction's requests, from its page.
  await page.goto(`/dashboard/transactions/${id}`);
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: "Order service" })).toBeVisible();
  // The request log is written off the request path, in batches: the page counts what has
  // been flushed when it rendered, so reload until the GET's record is in.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("transaction-requests-link")).toContainText("2 API requests", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId("transaction-requests-link").click();
  await page.waitForURL(`**/dashboard/developers/logs?transaction=${id}`);
  const rows = page.getByTestId("request-log-row");
  await expect(rows).toHaveCount(2);
  // The day filters: day, month and year in the page's language (not the browser's mm/dd/yyyy).
  const pickDay = async (testId: string, at: Date) => {
    const pad = (n: number) => String(n).padStart(2, "0");
    await page.getByTestId(`${testId}-day`).selectOption(pad(at.getDate()));
    await page.getByTestId(`${testId}-month`).selectOption(pad(at.getMonth() + 1));
    await page.getByTestId(`${testId}-year`).selectOption(String(at.getFullYear()));
  };
  await pickDay("logs-to", new Date(Date.now() - 86_400_000));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(0);
  await pickDay("logs-to", new Date());
  await pickDay("logs-from", new Date());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: "POST" }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "POST /api/v1/merchant/payin" })).toBeVisible();
  await expect(page.locator('[aria-labelledby="req-body"] pre')).toContainText('"order_id": "shop-1042"');
  await expect(page.locator('[aria-labelledby="res-body"] pre')).toContainText(`"transaction_id": "${id}"`);
  const logDetail = new URL(page.url()).pathname;

  // Developers → Events: the event, its delivery to the endpoint, a redelivery.
  await page.getByRole("link", { name: "Events" }).click();
  await page.getByTestId("event-row").filter({ hasText: "transaction.payin.successful" }).getByRole("link").first().click();
  await expect(page.getByTestId("event-delivery").filter({ hasText: "Order service" })).toContainText("Delivered");
  const before = receiver.forTransaction(id).length;
  await page.getByTestId("event-delivery").filter({ hasText: "Order service" }).getByRole("button", { name: "Redeliver" }).click();
  await expect(page.getByText("Redelivery queued")).toBeVisible();
  await expect.poll(() => receiver.forTransaction(id).length, { timeout: 20_000 }).toBe(before + 1);

  // The endpoint's page: its delivery log and success rate.
  await page.goto("/dashboard/developers/endpoints");
  await expect(page.getByTestId("endpoint-success-rate")).toContainText("100 %", { timeout: 20_000 });
  await page.getByTestId("endpoint-row").getByRole("link").click();
  await expect(page.getByTestId("endpoint-attempt")).toHaveCount(2, { timeout: 20_000 });

  for (const locale of ["en", "fr"] as const) {
    await setLocale(page, locale);
    for (const size of ["desktop", "mobile"] as Viewport[]) {
      await page.setViewportSize(VIEWPORTS[size]);
      for (const [name, path] of [
        ["developers-logs", "/dashboard/developers/logs"],
        ["developers-events", "/dashboard/developers/events"],
        ["developers-endpoints", "/dashboard/developers/endpoints"],
        ["developers-log-detail", logDetail],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        await expect(page.locator("main section").first()).toBeVisible();
        if (path === logDetail) await expect(page.locator("#log-title")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${size}`).toBeLessThanOrEqual(VIEWPORTS[size].width);
        await shoot(page, name, locale, size);
        expect(await outsideTheirCard(page), `${name} ${locale} ${size}`).toEqual([]);
      }
    }
  }

  // An id that names nothing (a typo, another mode's, a link mangled in a message) is said so in the
  // page's words, not "Could not load this page" with the server's English and a Retry that cannot help.
  const since = consoleErrors.length;
  for (const [path, words] of [
    ["/dashboard/developers/events/msg_01ARZ3NDEKTSV4RRFFQ69G5FAV", "Aucun événement avec cet identifiant dans ce mode."],
    ["/dashboard/developers/logs/%E0%A4%A", "Aucune requête journalisée avec cet identifiant dans ce mode."],
    ["/dashboard/developers/endpoints/we_nope", "Aucun point de terminaison avec cet identifiant dans ce mode."],
    ["/dashboard/payment-links/pl_nope", "Aucun lien de paiement avec cet identifiant dans ce mode."],
  ] as const) {
    expect((await page.goto(path))!.status(), path).toBe(200);
    await expect(page.getByText(words), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Réessayer" }), path).toHaveCount(0);
  }
  allowRefusals(consoleErrors, since, [400, 404]);
  await receiver.close();
});
