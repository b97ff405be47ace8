import { api, createApiKey, expect, signUp, startReceiver, test, type Receiver } from "./fixtures";

/**
 * The integrator's first day: sign up, create a test key on the Developers page, set
 * the default webhook URL to a local receiver, make a payin with the key through the
 * REST API, find it in the dashboard, see its webhook delivered, and resend it.
 */
let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("a payin made with a dashboard key shows up with its webhook, and Resend webhook delivers again", async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  await signUp(page, "payin");
  const key = await createApiKey(page, "Checkout server");
  expect(key.startsWith("sk_test_")).toBe(true);
  // Listed by prefix only, never the full key.
  await expect(page.getByRole("region", { name: "API keys" }).first()).toContainText(key.slice(0, 12));
  await expect(page.getByRole("region", { name: "API keys" }).first()).not.toContainText(key);

  await page.getByLabel("Default webhook URL").fill(receiver.url);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Webhook URL saved")).toBeVisible();

  const orderId = `order-${Date.now()}`;
  const created = await api(request, key, "POST", "/api/v1/merchant/payin", {
    amount: 2500,
    currency: "XOF",
    order_id: orderId,
    metadata: { phone_number: "+2250701020304", country_code: "CI", network: "mtn" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = String(created.body.data!.transaction_id);

  // The table lists it (search narrows to it), linking to the detail view.
  await page.goto(`/dashboard/transactions?q=${orderId}`);
  const row = page.getByTestId("transaction-row").filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/2,500/);

  // CSV export of the filtered set (the link carries the page's filters).
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toContain(`q=${orderId}`);
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toMatch(/^transaction_id,created_at,type,status,amount,fee,charged_amount,currency,order_id/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${id},`);
  expect(lines[1]).toContain(`,2500,`);

  // The sandbox settles it and the worker delivers the status webhook to the receiver.
  await expect.poll(() => receiver.forTransaction(id).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const first = receiver.forTransaction(id)[0];
  expect(first.json.status).toBe("successful");
  expect(first.headers["webhook-id"]).toBeTruthy();

  await row.getByRole("link", { name: id }).click();
  await page.waitForURL(`**/dashboard/transactions/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("2,500");
  const attempts = page.getByTestId("webhook-attempt");
  await expect(attempts.first()).toContainText(receiver.url);
  await expect(attempts.first()).toContainText("200");
  await expect(attempts.first()).toContainText("received by e2e receiver");
  // Timeline and ledger are there too.
  await expect(page.getByRole("region", { name: "Ledger entries" }).first()).toContainText("Payin received");

  const before = receiver.forTransaction(id).length;
  await page.getByRole("button", { name: "Resend webhook" }).click();
  await expect(page.getByText(`Webhook queued for ${receiver.url}`)).toBeVisible();
  await expect.poll(() => receiver.forTransaction(id).length, { timeout: 20_000 }).toBe(before + 1);
  // The resend shows in the delivery log with its own successful attempt.
  const resendEvent = page.getByTestId("webhook-event").filter({ hasText: "Resend webhook" });
  await expect(resendEvent.getByTestId("webhook-attempt")).toContainText("200");

});
