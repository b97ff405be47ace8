import { expect, test } from "./fixtures";

/** /docs on the production build: every guide renders, and the reference runs from our own bundle. */
const guides: [string, string][] = [
  ["/docs", "Mobile money payments, one API"],
  ["/docs/quickstart", "Quick start: your first test payin"],
  ["/docs/test-mode", "Test mode & sandbox numbers"],
  ["/docs/payin-flows", "Payin authorization flows"],
  ["/docs/webhooks", "Webhooks: receiving Sika's status notifications"],
  ["/docs/errors", "Errors"],
  ["/docs/coverage", "Coverage, limits & fees"],
  ["/docs/typescript", "TypeScript client"],
];

test("every guide renders without console errors", async ({ page, consoleErrors }) => {
  for (const [path, title] of guides) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
  await page.goto("/docs/webhooks");
  for (const needle of ["export function verifyWebhookSignature", "hash_hmac('sha256', $rawBody, $secret)", "hmac.compare_digest"]) {
    await expect(page.locator("pre").filter({ hasText: needle }).first()).toBeVisible();
  }
  void consoleErrors;
});

test("the API reference renders the OpenAPI document with nothing fetched from elsewhere", async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) outside.push(r.url());
  });
  await page.goto("/docs/reference");
  await expect(page.getByRole("heading", { name: "Sika API" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Create a payin").first()).toBeAttached();
  expect(outside).toEqual([]);
});
