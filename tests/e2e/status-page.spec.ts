import { OPERATOR, VIEWPORTS, allowRefusals, expect, newSession, shoot, signIn, test, type Viewport } from "./fixtures";

/**
 * The status page (issue 25) on the production build: an operator publishes an incident
 * from the console and posts an update; anyone reads /status (EN and FR, phone and
 * desktop) with the affected network down, its 24-hour bars and the incident; a visitor
 * subscribes by email; the operator resolves it and the page is all up again.
 */
const TITLE = `M-Pesa payins failing ${Date.now().toString(36)}`;

test("an incident from the console shows on the public status page, in English and French", async ({ page, browser, consoleErrors }) => {
  void consoleErrors;
  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await operator.page.getByRole("link", { name: "Status page" }).click();
  await expect(operator.page.getByRole("heading", { name: "Status page incidents" })).toBeVisible();
  // Nothing chosen: the form says what is missing (a 400 the browser logs), nothing is published.
  const before = operator.errors.length;
  await operator.page.getByRole("button", { name: "Publish incident" }).click();
  await expect(operator.page.getByText("Give the incident a title")).toBeVisible();
  allowRefusals(operator.errors, before, [400]);
  await operator.page.getByLabel("Title").fill(TITLE);
  await operator.page.getByLabel("Impact").selectOption("down");
  await operator.page.getByRole("checkbox", { name: "safaricom" }).check();
  await operator.page.getByLabel("Message").fill("Safaricom times out on STK push; we are on it with them.");
  await operator.page.getByRole("button", { name: "Publish incident" }).click();
  await expect(operator.page.getByText("Incident published")).toBeVisible();
  const item = operator.page.getByTestId("incident").filter({ hasText: TITLE });
  await expect(item).toBeVisible();
  await operator.page.getByRole("button", { name: "Post update" }).first().click();
  const dialog = operator.page.getByRole("dialog");
  await dialog.getByLabel("Status").selectOption("identified");
  await dialog.getByLabel("Message").fill("Safaricom confirmed an outage of their STK push gateway.");
  await dialog.getByRole("button", { name: "Post update" }).click();
  const posted = operator.page.getByText("Update posted");
  await expect(posted).toBeVisible();
  // A toast stays 5 s: closed here, the resolution's toast below is the only one on screen
  // (a fast run posted it while this one was still up, and the check saw two).
  await operator.page.getByRole("listitem").filter({ hasText: "Update posted" }).getByRole("button", { name: "Close toast" }).click();
  await expect(posted).toHaveCount(0);

  // The public page, nobody signed in.
  await page.goto("/status");
  await expect(page.getByTestId("overall")).toHaveText(/Some networks are unavailable/);
  const mpesa = page.getByTestId("payin-KE-safaricom");
  await expect(mpesa.getByText("Down")).toBeVisible();
  await expect(page.getByTestId("payout-KE-airtel").getByText("Up")).toBeVisible();
  await expect(mpesa.getByTestId("availability-bar").locator("span")).toHaveCount(24);
  // The current hour (right end of the bar) shows the outage already.
  await expect(mpesa.getByTestId("availability-bar").locator("span").last()).toHaveAttribute("title", /Down/);
  const incident = page.getByTestId("incident").filter({ hasText: TITLE });
  await expect(incident).toContainText("Identified");
  await expect(incident).toContainText("Safaricom M-Pesa (Kenya)");
  // The machines' face of the same data.
  const api = await page.request.get("/api/v1/status");
  expect(api.status()).toBe(200);
  const body = (await api.json()) as { data: { status: string; incidents: Array<{ title: string }> } };
  expect(body.data.status).toBe("down");
  expect(body.data.incidents.map((i) => i.title)).toContain(TITLE);

  for (const viewport of ["desktop", "mobile"] as Viewport[]) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.goto("/status");
    await shoot(page, "status", "en", viewport);
  }

  // French: the switch keeps the choice.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole("button", { name: "fr", exact: true }).click();
  await expect(page.getByTestId("overall")).toHaveText(/Certains réseaux sont indisponibles/);
  await expect(page.getByTestId("payin-KE-safaricom").getByText("Indisponible")).toBeVisible();
  await expect(page.getByTestId("incident").filter({ hasText: TITLE })).toContainText("Cause identifiée");
  for (const viewport of ["desktop", "mobile"] as Viewport[]) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.goto("/status");
    await shoot(page, "status", "fr", viewport);
  }

  // Subscribing by email.
  await page.getByLabel("Adresse e-mail").fill(`status-${Date.now().toString(36)}@e2e.sika.test`);
  await page.getByRole("button", { name: "S'abonner" }).click();
  await expect(page.getByText("Consultez votre messagerie")).toBeVisible();

  // Resolved: the network is up again, the incident moves to the resolved list.
  await operator.page.getByRole("button", { name: "Post update" }).first().click();
  await operator.page.getByRole("dialog").getByLabel("Status").selectOption("resolved");
  await operator.page.getByRole("dialog").getByLabel("Message").fill("Payins flow again.");
  await operator.page.getByRole("dialog").getByRole("button", { name: "Post update" }).click();
  await expect(posted).toBeVisible();
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect.poll(async () => (await page.goto("/status"), await page.getByTestId("overall").getAttribute("data-state")), { timeout: 10_000 }).toBe("up");
  await expect(page.getByTestId("payin-KE-safaricom").getByText("Disponible")).toBeVisible();
  await expect(page.getByTestId("incident").filter({ hasText: TITLE })).toContainText("Résolu");
  expect(operator.errors).toEqual([]);
  await operator.close();
});
