import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { api, createApiKey, expect, signUp, test } from "./fixtures";

/**
 * Issue 10 §7: what users run, not only what the unit suites load. Against `next start` of the
 * production build (playwright.config.ts): every page and every /api/v1 route found on disk,
 * after a payin has loaded the payment modules, answers without a 5xx. The openapi.json 500
 * (`zodSchema.openapi is not a function` once another route had loaded) would fail here.
 */
const appDir = path.resolve(import.meta.dirname, "..", "..", "app");

function filesNamed(dir: string, name: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesNamed(full, name);
    return e.name === name ? [full] : [];
  });
}

/** app/docs/(guides)/errors/page.tsx -> /docs/errors; [id] / [...path] get a placeholder. */
function urlOf(file: string): string {
  const segments = path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (s.startsWith("[...") ? "does/not/exist" : s.startsWith("[") ? "txn_doesnotexist" : s));
  return `/${segments.join("/")}`;
}

const pages = filesNamed(appDir, "page.tsx").map(urlOf).sort();
const apiRoutes = filesNamed(path.join(appDir, "api", "v1"), "route.ts").map(urlOf).sort();

test("the route lists come from the files on disk", () => {
  expect(pages).toContain("/docs/reference");
  expect(apiRoutes).toContain("/api/v1/openapi.json");
  expect(apiRoutes).toContain("/api/v1/merchant/payin");
});

test("every page and every /api/v1 route answers without a 5xx, after a payin", async ({ page, request, consoleErrors }) => {
  test.setTimeout(240_000);
  await signUp(page, "smoke");
  const key = await createApiKey(page, "Smoke");
  const payin = await api(request, key, "POST", "/api/v1/merchant/payin", {
    amount: 1000,
    metadata: { network: "mtn", phone_number: "+2250701020304", country_code: "CI" },
  });
  expect(payin.status, JSON.stringify(payin.body)).toBe(200);

  const failures: string[] = [];
  for (const url of apiRoutes) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      for (const auth of [undefined, `Bearer ${key}`]) {
        const res = await request.fetch(url, {
          method,
          headers: { ...(auth ? { authorization: auth } : {}), "content-type": "application/json" },
          data: method === "GET" || method === "DELETE" ? undefined : "{}",
          maxRedirects: 0,
        });
        if (res.status() >= 500) failures.push(`${method} ${url}${auth ? " (key)" : ""}: ${res.status()} ${(await res.text()).slice(0, 200)}`);
      }
    }
  }
  const openapi = await request.get("/api/v1/openapi.json");
  expect(openapi.status()).toBe(200);
  expect(Object.keys(((await openapi.json()) as { paths: object }).paths).length).toBeGreaterThan(5);

  // Pages, signed in (the dashboard renders) and signed out (redirects, public pages).
  for (const ctx of ["signed in", "signed out"] as const) {
    if (ctx === "signed out") {
      // Leave the dashboard first: its 10 s webhook-events poll would otherwise meet the
      // cleared cookies with a 401 in the console (a race with this loop's duration).
      await page.goto("about:blank");
      await page.context().clearCookies();
    }
    for (const url of pages) {
      const res = await request.fetch(url, { maxRedirects: 0, headers: ctx === "signed in" ? { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } : {} });
      if (res.status() >= 500) failures.push(`page ${url} (${ctx}): ${res.status()}`);
    }
  }
  expect(failures).toEqual([]);
  void consoleErrors;
});

test("`next start` of the production build without its settings exits 1 naming each one (D14)", () => {
  const root = path.resolve(appDir, "..");
  const env = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: ".next-e2e", NEXT_TELEMETRY_DISABLED: "1" } as NodeJS.ProcessEnv;
  for (const name of ["DATABASE_URL", "SECRETS_KEY", "NEXTAUTH_SECRET", "NEXTAUTH_URL", "PUBLIC_BASE_URL"]) delete env[name];
  const port = String(Number(process.env.E2E_PORT ?? 3210) + 7);
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const r = spawnSync(process.execPath, [next, "start", "-p", port, "-H", "127.0.0.1"], { cwd: root, env, encoding: "utf8", timeout: 60_000 });
  expect(r.status).toBe(1);
  for (const name of ["DATABASE_URL", "SECRETS_KEY", "NEXTAUTH_SECRET", "PUBLIC_BASE_URL"]) expect(r.stderr).toContain(name);
});
