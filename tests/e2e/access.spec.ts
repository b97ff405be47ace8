import { expect, newSession, signUp, test, trpcCall } from "./fixtures";

/** Roles and boundaries are enforced by the server, not only by hidden buttons. */

test("a viewer invited by the owner cannot create API keys", async ({ page, browser, consoleErrors }) => {
  void consoleErrors;
  const owner = await signUp(page, "owner");
  await page.goto("/dashboard/settings");
  const viewerEmail = `viewer-${Date.now()}@e2e.sika.test`;
  await page.getByLabel("Email", { exact: true }).fill(viewerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByText(viewerEmail)).toBeVisible();

  const viewer = await newSession(browser);
  await viewer.page.goto(new URL(link).pathname);
  await expect(viewer.page.getByRole("heading", { name: `Join ${owner.business} on Sika` })).toBeVisible();
  await viewer.page.getByLabel("Password").fill("viewer-password-2026");
  await viewer.page.getByRole("button", { name: "Create account and join" }).click();
  await viewer.page.waitForURL("**/dashboard");
  await expect(viewer.page.getByText("Viewer", { exact: true })).toBeVisible();

  // No "Send payout" for a viewer, and the procedure refuses one sent by hand.
  await expect(viewer.page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(viewer.page.getByTestId("send-payout")).toHaveCount(0);

  await viewer.page.goto("/dashboard/developers");
  await expect(viewer.page.getByText("You have read-only access.")).toBeVisible();
  await expect(viewer.page.getByTestId("create-key")).toHaveCount(0);

  // Calling the procedure directly is refused by the server.
  const me = await trpcCall(viewer.page, "account.me", "query");
  const merchantId = (me.body.result!.data.json as { memberships: Array<{ merchantId: string }> }).memberships[0].merchantId;
  const create = await trpcCall(viewer.page, "apiKeys.create", "mutation", { merchantId, mode: "test", name: "sneaky" });
  expect(create.status).toBe(403);
  expect(create.body.error!.json.data.code).toBe("FORBIDDEN");
  const payout = await trpcCall(viewer.page, "payouts.create", "mutation", {
    merchantId,
    mode: "test",
    countryCode: "CI",
    network: "orange",
    currency: "XOF",
    amount: "1000",
    phoneNumber: "+2250707070707",
    beneficiary: "Moussa Traoré",
    idempotencyKey: "viewer-attempt-1",
  });
  expect(payout.status).toBe(403);
  expect(payout.body.error!.json.data.code).toBe("FORBIDDEN");
  // …and so is a merchant the user does not belong to (not even its existence is confirmed).
  const other = await trpcCall(viewer.page, "apiKeys.list", "query", { merchantId: "mer_01NOTMINE000000000000000000", mode: "test" });
  expect(other.status).toBe(404);
  expect(viewer.errors).toEqual([]);
  await viewer.close();

  // The owner still sees no key was created.
  await page.goto("/dashboard/developers");
  await expect(page.getByText("No API keys in this mode yet.")).toBeVisible();
});

test("a merchant user cannot open the operator console", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await signUp(page, "noconsole");
  await page.goto("/console");
  await page.waitForURL("**/dashboard");
  await page.goto("/console/kyc");
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("link", { name: "Operator console" })).toHaveCount(0);

  const list = await trpcCall(page, "operator.merchants", "query", {});
  expect(list.status).toBe(403);
  const credit = await trpcCall(page, "operator.credit", "mutation", { merchantId: "mer_x", mode: "live", currency: "XOF", amount: "1000", reference: "nope" });
  expect(credit.status).toBe(403);
});

test("signed-out visitors are sent to sign-in, and back afterwards", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto("/dashboard/transactions");
  await page.waitForURL(/\/signin\?callbackUrl=%2Fdashboard%2Ftransactions/);
  const res = await page.request.get("/api/trpc/account.me");
  expect(res.status()).toBe(401);
});

test("switching to French translates the navigation and is remembered", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await signUp(page, "french");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Transactions" })).toBeVisible();
  await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "fr" }).click();

  const navFr = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(navFr.getByRole("link", { name: "Vue d'ensemble" })).toBeVisible();
  await expect(navFr.getByRole("link", { name: "Développeurs" })).toBeVisible();
  await expect(navFr.getByRole("link", { name: "Paramètres" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Vue d'ensemble" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Vérification" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Exporter en CSV" })).toBeVisible();
});
