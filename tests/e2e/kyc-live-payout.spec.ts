import { OPERATOR, api, createApiKey, expect, newSession, signIn, signUp, test } from "./fixtures";

/**
 * KYC end to end: a live payout is refused for KYC (403); the merchant submits its
 * business details; an operator approves them in the console and credits the live
 * wallet; the same payout is then no longer refused for KYC. With no live connector
 * configured it gets 503 Network unavailable (D9), and never 403 again.
 */
const payout = {
  amount: 1000,
  currency: "XOF",
  payment_method: "mobile_money",
  order_id: "kyc-e2e",
  callback_url: "https://merchant.example/webhooks",
  metadata: { network: "mtn", phone_number: "+2250701020304", country_code: "CI", beneficiary: "Kouadio Yao" },
};

test("operator approval in the console opens live payouts", async ({ page, request, browser, consoleErrors }) => {
  test.setTimeout(180_000); // two sessions and a console round trip: slow on a shared 2-core machine
  void consoleErrors;
  const account = await signUp(page, "kyc");
  await page.goto("/dashboard/developers");
  await page.getByTestId("mode-live").click();
  await expect(page.getByRole("heading", { name: "Webhooks (Live)" })).toBeVisible();
  const liveKey = await createApiKey(page, "Live server");
  expect(liveKey.startsWith("sk_live_")).toBe(true);

  const refused = await api(request, liveKey, "POST", "/api/v1/merchant/payout", payout);
  expect(refused.status, JSON.stringify(refused.body)).toBe(403);

  await page.goto("/dashboard/kyc");
  await expect(page.getByTestId("kyc-status")).toHaveText("Not submitted");
  await page.getByLabel("Legal name").fill(`${account.business} SARL`);
  await page.getByLabel("Registration number").fill("CI-ABJ-2026-B-12345");
  await page.getByLabel("Country of registration").selectOption("CI");
  await page.getByLabel("Legal representative").fill("Aminata Koné");
  await page.getByLabel("Registered address").fill("Rue des Jardins, Cocody\nAbidjan");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted for review")).toBeVisible();
  await expect(page.getByTestId("kyc-status")).toHaveText("Under review");

  // The operator, in their own session.
  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await operator.page.getByRole("link", { name: "KYC review" }).click();
  const card = operator.page.getByTestId("kyc-submission").filter({ hasText: account.business });
  await expect(card).toContainText("CI-ABJ-2026-B-12345");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(operator.page.getByText("KYC approved")).toBeVisible();
  await expect(card).toHaveCount(0);

  // Manual credit of the live wallet, with a reference, from the merchant's console page.
  await operator.page.getByRole("link", { name: "Merchants" }).click();
  await operator.page.getByLabel("Search").fill(account.email);
  await operator.page.getByRole("link", { name: account.business }).click();
  await expect(operator.page.getByRole("heading", { name: account.business })).toBeVisible();
  await operator.page.getByLabel("Mode").selectOption("live");
  await operator.page.getByLabel("Currency").selectOption("XOF");
  await operator.page.getByLabel("Amount").fill("50000");
  await operator.page.getByLabel("Reference").fill(`BANK-${Date.now()}`);
  await operator.page.getByRole("button", { name: "Credit wallet" }).click();
  await expect(operator.page.getByText(/Wallet credited/)).toBeVisible();
  await expect(operator.page.getByRole("region", { name: "Wallets" }).first()).toContainText("50,000");
  expect(operator.errors).toEqual([]);
  // A merchant id that names nobody is said so (it read "No merchants found.", the list's words).
  await operator.page.goto("/console/merchants/mer_01ARZ3NDEKTSV4RRFFQ69G5FAV");
  await expect(operator.page.getByText("No merchant with this ID.")).toBeVisible();
  await operator.close();

  const after = await api(request, liveKey, "POST", "/api/v1/merchant/payout", payout);
  expect(after.status, JSON.stringify(after.body)).not.toBe(403);
  expect(after.status).toBe(503);
  expect(after.body.message).toBe("Network unavailable");

  await page.reload();
  await expect(page.getByTestId("kyc-status")).toHaveText("Verified");
  // Live balance shows the credit on the overview (live mode is remembered).
  await page.goto("/dashboard");
  await expect(page.getByTestId("balance-XOF")).toContainText("50,000");
});
