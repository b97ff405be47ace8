import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { OPERATOR, VIEWPORTS, allowRefusals, api, createApiKey, expect, newSession, signIn, signUp, test, type Viewport } from "./fixtures";

/**
 * No English left on French pages: every dashboard and console page (and the dialogs a
 * merchant opens) is visited in French at both sizes, and no visible text — text
 * nodes, placeholders, options, aria-labels, the tab's title — may equal an English catalogue value
 * whose French differs. A string added in English only, a hard-coded reason or a
 * forgotten key shows up here by name. So does a placeholder French made too long for its
 * field (cutPlaceholders).
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, "messages", f), "utf8")) as Record<string, unknown>;

function flatten(o: Record<string, unknown>, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === "string") out.set(`${prefix}${k}`, v);
    else flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
  }
  return out;
}

/** English values that French writes differently: exact strings, and patterns for those with {placeholders}. */
function englishOnly(): { exact: Record<string, string>; patterns: Array<{ key: string; source: string }> } {
  const en = flatten(read("en.json"));
  const fr = flatten(read("fr.json"));
  const exact: Record<string, string> = {};
  const patterns: Array<{ key: string; source: string }> = [];
  // A word French uses too ("Active": a key is "Active" in French) proves nothing on a French page.
  const frenchWords = new Set(fr.values());
  for (const [key, value] of en) {
    if (fr.get(key) === value || frenchWords.has(value)) continue;
    if (value.includes(", plural,")) continue; // covered by the plural unit test
    if (value.includes("{")) {
      const literal = value.replace(/\{\w+\}/g, "");
      if (literal.trim().length < 6) continue;
      const source = "^" + value.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+") + "$";
      patterns.push({ key, source });
    } else exact[value.trim()] = key;
  }
  return { exact, patterns };
}

const DICTIONARY = englishOnly();

/** Visible texts of the page that are English catalogue values. */
async function englishOn(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0);
  const texts = await page.evaluate(() => {
    // The tab title too, without the layout's " · Sika".
    const out: string[] = [document.title.replace(/ · Sika$/, "")];
    const visible = (el: Element | null) => !!el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
      if (parent.tagName === "OPTION" ? visible(parent.closest("select")) : visible(parent)) out.push(text);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label], [title]")) {
      if (!visible(el)) continue;
      for (const attr of ["placeholder", "aria-label", "title"]) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
  const found = new Set<string>();
  const patterns = DICTIONARY.patterns.map((p) => ({ key: p.key, re: new RegExp(p.source) }));
  for (const text of texts) {
    if (DICTIONARY.exact[text]) found.add(`"${text}" (${DICTIONARY.exact[text]})`);
    for (const p of patterns) if (p.re.test(text)) found.add(`"${text}" (${p.key})`);
  }
  return [...found];
}

/**
 * Placeholders wider than their empty field: French runs longer than English, and a phone's
 * field cut "Identifiant, référence commande ou té…" (the transactions search, 2026-12-06).
 * The text is measured with the field's own font.
 */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (el.value || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needs = ctx.measureText(el.placeholder).width;
      if (needs > room + 0.5) out.push(`placeholder "${el.placeholder}" cut (${Math.ceil(needs)} px in ${Math.floor(room)})`);
    }
    return out;
  });
}

/** What the page shows wrong in French: English catalogue text, cut placeholders. */
async function problemsOn(page: Page): Promise<string[]> {
  return [...(await englishOn(page)), ...(await cutPlaceholders(page))];
}

async function checkPages(page: Page, where: Array<{ name: string; path: string; then?: (page: Page) => Promise<void> }>) {
  const problems: string[] = [];
  for (const size of ["desktop", "mobile"] as Viewport[]) {
    await page.setViewportSize(VIEWPORTS[size]);
    for (const w of where) {
      await page.goto(w.path);
      await expect(page.locator("main, body").first()).toBeVisible();
      for (const s of await problemsOn(page)) problems.push(`${w.name} (${size}): ${s}`);
      if (w.then) {
        await w.then(page);
        for (const s of await problemsOn(page)) problems.push(`${w.name} + dialog (${size}): ${s}`);
      }
    }
  }
  return problems;
}

test("French pages show no English catalogue text and no cut placeholder", async ({ page, request, browser, consoleErrors }) => {
  test.setTimeout(300_000);
  expect(Object.keys(DICTIONARY.exact).length).toBeGreaterThan(150);
  await signUp(page, "dico", "Boutique Dico Abidjan");
  const key = await createApiKey(page, "Serveur boutique");
  await page.getByLabel("Default webhook URL").fill("http://127.0.0.1:9/nowhere");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Webhook URL saved")).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Top up test balance" }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("100000");
  await page.getByRole("dialog").getByRole("button", { name: "Add test funds" }).click();
  await expect(page.getByText(/added to your test balance/)).toBeVisible();

  const ids: Record<string, string> = {};
  for (const [name, phone] of [
    ["payinOk", "+2250701020304"],
    ["payinFailed", "+2250701000001"],
    ["payinCancelled", "+2250701000002"],
  ] as const) {
    const r = await api(request, key, "POST", "/api/v1/merchant/payin", { amount: 5000, currency: "XOF", order_id: `DICO-${name}`, metadata: { phone_number: phone, country_code: "CI", network: "mtn" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids[name] = String(r.body.data!.transaction_id);
  }
  for (const [name, phone] of [
    ["payoutFailed", "+2250707000001"],
    ["payoutCancelled", "+2250707000002"],
  ] as const) {
    const r = await api(request, key, "POST", "/api/v1/merchant/payout", {
      amount: 5000,
      currency: "XOF",
      payment_method: "mobile_money",
      metadata: { network: "orange", phone_number: phone, country_code: "CI", beneficiary: "Awa Ndiaye" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids[name] = String(r.body.data!.transaction_id);
  }
  for (const id of Object.values(ids)) {
    await expect.poll(async () => (await api(request, key, "GET", `/api/v1/merchant/transactions/${id}`)).body.data?.status, { timeout: 20_000 }).not.toBe("pending");
  }

  // A bulk batch with an accepted, a failed, an invalid and an out-of-limits line, for its own page.
  const bulkItem = (order: string, amount: unknown, phone = "+2250700001234") => ({
    amount,
    currency: "XOF",
    payment_method: "mobile_money",
    order_id: order,
    metadata: { network: "mtn", phone_number: phone, country_code: "CI", beneficiary: "Awa Diop" },
  });
  const bulk = await api(request, key, "POST", "/api/v1/merchant/payouts/bulk", {
    payouts: [bulkItem("DICO-bulk-1", 1500), bulkItem("DICO-bulk-2", 2000, "+2250700000001"), bulkItem("DICO-bulk-3", "abc"), bulkItem("DICO-bulk-4", 100)],
  });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
  const batchId = String(bulk.body.data!.batch_id);
  await expect.poll(async () => (await api(request, key, "GET", `/api/v1/merchant/payouts/bulk/${batchId}`)).body.data?.completed, { timeout: 20_000 }).toBe(true);
  const bulkCsv = ["phone,amount,currency,country,network,name,order_id", "+2250700001234,1500,XOF,CI,mtn,Awa Diop,f-1", "12,abc,EUR,CI,nope,,f-1"].join("\n");

  await page.context().addCookies([{ name: "sika_locale", value: "fr", url: test.info().project.use.baseURL! }]);
  const openFilters = async (p: Page) => {
    if ((p.viewportSize()?.width ?? 1280) < 640) await p.getByTestId("filters-toggle").click();
  };
  const problems = await checkPages(page, [
    { name: "overview", path: "/dashboard", then: (p) => p.getByTestId("send-payout").click() },
    { name: "transactions", path: "/dashboard/transactions?status=failed", then: openFilters },
    ...Object.entries(ids).map(([name, id]) => ({ name: `detail ${name}`, path: `/dashboard/transactions/${id}` })),
    { name: "developers", path: "/dashboard/developers", then: (p) => p.getByTestId("create-key").click() },
    { name: "kyc", path: "/dashboard/kyc" },
    { name: "settings", path: "/dashboard/settings" },
    {
      name: "bulk payouts",
      path: "/dashboard/payouts/bulk",
      then: async (p) => {
        await p.locator("#bulk-file").setInputFiles({ name: "paiements.csv", mimeType: "text/csv", buffer: Buffer.from(bulkCsv) });
        await expect(p.getByTestId("bulk-line-2")).toContainText("La colonne");
      },
    },
    { name: "bulk batch", path: `/dashboard/payouts/bulk/${batchId}` },
  ]);

  // The payout dialog at its second step and with a refusal.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/dashboard");
  await page.getByTestId("send-payout").click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("select").nth(0).selectOption("CI");
  await dialog.locator("select").nth(1).selectOption("orange");
  await dialog.locator('input[type="tel"]').fill("+2250707070707");
  await dialog.locator("input").nth(1).fill("Moussa Traoré");
  await dialog.locator('input[inputmode="decimal"]').fill("900000");
  await dialog.getByRole("button", { name: "Voir les frais" }).click();
  await expect(page.getByTestId("payout-quote")).toBeVisible();
  for (const s of await englishOn(page)) problems.push(`payout quote: ${s}`);
  const since = consoleErrors.length;
  await dialog.getByRole("button", { name: /Confirmer/ }).click();
  await expect(page.getByTestId("payout-error")).toBeVisible();
  await expect.poll(() => consoleErrors.length).toBeGreaterThan(since);
  allowRefusals(consoleErrors, since, [400]);
  for (const s of await englishOn(page)) problems.push(`payout refused: ${s}`);

  const operator = await newSession(browser);
  await signIn(operator.page, OPERATOR.email, OPERATOR.password, "/console");
  await operator.page.goto("/console");
  const merchantHref = (await operator.page.getByRole("link", { name: "Boutique Dico Abidjan" }).first().getAttribute("href"))!;
  await operator.page.context().addCookies([{ name: "sika_locale", value: "fr", url: test.info().project.use.baseURL! }]);
  problems.push(
    ...(await checkPages(operator.page, [
      { name: "console merchants", path: "/console" },
      { name: "console kyc", path: "/console/kyc" },
      { name: "console fees", path: "/console/fees" },
      { name: "console merchant", path: merchantHref },
    ])),
  );
  expect(operator.errors).toEqual([]);
  await operator.close();

  expect(problems, "English catalogue text or cut placeholders on French pages").toEqual([]);
});
