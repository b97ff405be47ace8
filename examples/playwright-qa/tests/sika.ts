import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The few helpers a Sika suite needs, written only against what /docs/testing guarantees:
 * roles and labels of the sign-up and Developers pages, the `create-key` / `new-api-key`
 * test ids, and the public REST API (test keys).
 */
export interface TestAccount {
  email: string;
  password: string;
  key: string;
}

let n = 0;

/** Signs a new business up (the browser lands on its dashboard) and creates a test API key. */
export async function newTestAccount(page: Page, tag: string): Promise<TestAccount> {
  const email = `qa-${tag}-${Date.now().toString(36)}-${(n++).toString(36)}@example.com`;
  const password = "qa-example-password-2026";
  await page.goto("/signup");
  await page.getByLabel("Business name").fill(`QA ${tag}`);
  await page.getByLabel("Your name").fill("Quality Assurance");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");

  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await page.getByRole("dialog").getByLabel("Key name").fill("QA suite");
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^sk_test_/);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  return { email, password, key };
}

/** The REST API with the account's test key: `{ status, body }` with the envelope as body. */
export async function sika(request: APIRequestContext, key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const res = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: await res.json() };
}

/** A test payin in Côte d'Ivoire. `0003` numbers stay pending until told (or until they expire). */
export async function testPayin(request: APIRequestContext, key: string, opts: { phone?: string; amount?: number; delayMs?: number } = {}): Promise<string> {
  const res = await sika(request, key, "POST", "/api/v1/merchant/payin", {
    amount: opts.amount ?? 5000,
    currency: "XOF",
    order_id: `qa-${Date.now().toString(36)}`,
    metadata: {
      network: "mtn",
      country_code: "CI",
      phone_number: opts.phone ?? "+2250700000003",
      ...(opts.delayMs === undefined ? {} : { sandbox_delay_ms: opts.delayMs }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_id as string;
}

/** Settles a pending test transaction now (test keys only). */
export async function settle(request: APIRequestContext, key: string, id: string, status: "successful" | "failed" | "cancelled", reason?: string) {
  const res = await sika(request, key, "POST", `/api/v1/test/transactions/${id}/outcome`, { status, ...(reason ? { reason } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
