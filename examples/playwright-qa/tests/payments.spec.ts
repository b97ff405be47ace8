import { expect, test } from "@playwright/test";
import { newTestAccount, settle, sika, testPayin } from "./sika";

/**
 * Deterministic payment flows against Sika's test mode: the outcome is decided by the
 * suite (the test outcome endpoint), the dashboard is read through the selectors Sika
 * keeps stable (`data-transaction-id`, `data-status`, roles, labels), and each run starts
 * from clean test data (`POST /api/v1/test/reset`).
 */
test("a payin settled by the suite shows its new status in the list without a reload", async ({ page, request }) => {
  const account = await newTestAccount(page, "live-list");
  const id = await testPayin(request, account.key);

  await page.goto("/dashboard/transactions");
  const row = page.locator(`[data-transaction-id="${id}"]:visible`);
  await expect(row).toHaveAttribute("data-status", "pending");

  await settle(request, account.key, id, "successful");
  // The list follows the change by itself (no reload, no fixed wait).
  await expect(row).toHaveAttribute("data-status", "successful");
  await expect(row.getByText("Successful")).toBeVisible();
});

test("a declined payin shows its reason on the detail page and in the API", async ({ page, request }) => {
  const account = await newTestAccount(page, "declined");
  const id = await testPayin(request, account.key);
  const settled = await settle(request, account.key, id, "failed", "Customer has insufficient funds");
  expect(settled).toMatchObject({ status: "failed", decline_reason: "Customer has insufficient funds" });

  await page.goto(`/dashboard/transactions/${id}`);
  await expect(page.locator(`[data-transaction-id="${id}"]`)).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("failure-reason")).toHaveText("Customer has insufficient funds");
});

test("sandbox_delay_ms: 0 settles a payin at once, by its phone number", async ({ page, request }) => {
  const account = await newTestAccount(page, "timing");
  const id = await testPayin(request, account.key, { phone: "+2250700000001", delayMs: 0 });
  await expect
    .poll(async () => (await sika(request, account.key, "GET", `/api/v1/merchant/transactions/${id}`)).body.data.status, { timeout: 10_000 })
    .toBe("failed");
});

test("a reset leaves the account with no test data, in the API and in the dashboard", async ({ page, request }) => {
  const account = await newTestAccount(page, "reset");
  await testPayin(request, account.key);
  await testPayin(request, account.key);

  const reset = await sika(request, account.key, "POST", "/api/v1/test/reset");
  expect(reset.status).toBe(200);
  expect(reset.body.data.transactions).toBe(2);

  const list = await sika(request, account.key, "GET", "/api/v1/merchant/transactions");
  expect(list.body.data).toEqual([]);
  await page.goto("/dashboard/transactions");
  await expect(page.locator("[data-transaction-id]:visible")).toHaveCount(0);
});

test("the locale cookie shows the dashboard in French", async ({ page, context, baseURL }) => {
  await newTestAccount(page, "locale");
  await context.addCookies([{ name: "sika_locale", value: "fr", url: baseURL! }]);
  await page.goto("/dashboard/transactions");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions");
  await expect(page.getByRole("link", { name: "Relevés" })).toBeVisible();
});
