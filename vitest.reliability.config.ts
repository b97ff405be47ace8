import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability` (CI, on PostgreSQL): races, crash/restart, webhook outages,
 * fuzzing, the tenancy matrix. One file at a time: several of them load the 2 cores
 * fully, and their figures (printed per scenario) mean more when they do not compete.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // The child-process scenarios run `npm start`'s server: build it once (or reuse it).
    globalSetup: ["tests/reliability/lib/build-production.ts"],
    pool: "forks",
    // Each test file is a new process loading the server: scripts/module-resolution-cache.mjs
    // spares it re-reading drizzle-orm's 179 KB package.json per file (~1.3 s a test file).
    execArgv: ["--import", path.resolve(import.meta.dirname, "scripts/module-resolution-cache.mjs")],
    fileParallelism: false,
    env: {
      // PostgreSQL always: the crash test shares its database with a child process.
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SANDBOX_DELAY_MS: "0",
      WORKER_ENABLED: "0",
      SECRETS_KEY: "0".repeat(64),
      RATE_LIMIT_PER_SECOND: "100000000",
      PASSWORD_HASH_LOG_N: "14",
    },
  },
});
