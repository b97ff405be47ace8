import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each test file is a new process loading the server: scripts/module-resolution-cache.mjs
    // spares it re-reading drizzle-orm's 179 KB package.json per file (~1.3 s a test file).
    execArgv: ["--import", path.resolve(import.meta.dirname, "scripts/module-resolution-cache.mjs")],
    // Two files at a time. Vitest's default is one fewer than the cores: one on a 2-core
    // machine. The suite waits on child processes, sockets and PostgreSQL often enough that a
    // second fork pays (measured on 2 cores: 866 s -> 760 s; with the migrated PGlite
    // template of tests/helpers/pglite-template.ts as well, 580 s).
    maxWorkers: 2,
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SANDBOX_DELAY_MS: "0",
      WORKER_ENABLED: "0",
      SECRETS_KEY: "0".repeat(64),
      RATE_LIMIT_PER_SECOND: "100000",
      // Users are created by the hundred; production hashes at 2^17 (passwords.ts).
      PASSWORD_HASH_LOG_N: "14",
    },
  },
});
