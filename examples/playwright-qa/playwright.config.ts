import { defineConfig, devices } from "@playwright/test";

/**
 * A QA team's own suite against Sika, the way /docs/testing describes it. Point it at a
 * running Sika with SIKA_URL (default http://127.0.0.1:3000) and run `npx playwright test`.
 * Everything happens in test mode, on accounts the suite signs up itself.
 */
export default defineConfig({
  testDir: "./tests",
  // One worker keeps a small local server comfortable; the tests do not depend on each other.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.SIKA_URL ?? "http://127.0.0.1:3000",
    locale: "en-GB",
    trace: "retain-on-failure",
    // Any Chromium will do; CHROMIUM_PATH picks a system one (CI images often have /usr/bin/chromium).
    launchOptions: process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH, args: ["--no-sandbox"] } : {},
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
