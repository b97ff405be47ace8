import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests: the real Next.js app (production build in .next-e2e, served by
 * `next start` on its own port, on a fresh embedded database in .data-e2e) driven by
 * Debian's Chromium. `npm run test:e2e`. Screenshots land in tests/e2e/screenshots/.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  // One worker: the app runs on one embedded database and the machine has 2 cores.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    locale: "en-GB",
    timezoneId: "Africa/Abidjan",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    // The QA teams' example suite (examples/playwright-qa, /docs/testing), run as written on the
    // same production server: a few sign-ups and API calls, well under a minute.
    { name: "qa-example", testDir: "examples/playwright-qa/tests", testMatch: "*.spec.ts", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${E2E_BASE_URL}/api/healthz`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    // SIGTERM, not the default SIGKILL: start-server.mjs lets the server drain, then drops the run's database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      E2E_PORT: String(E2E_PORT),
      NEXTAUTH_URL: E2E_BASE_URL,
      PUBLIC_BASE_URL: E2E_BASE_URL,
    },
  },
});
