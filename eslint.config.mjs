import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "drizzle/**", ".data/**", ".data-*/**", ".bench-tmp/**", "bench/results/**", "bench/profiles/**", "tests/e2e/screenshots/**", "docs/screenshots/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "server/client/generated/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // One zod, extended for OpenAPI before any schema is built (server/zod.ts, issue 10 §7).
    files: ["app/**", "server/**", "components/**", "scripts/**"],
    ignores: ["server/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import { z } from server/zod.ts: schemas built before extendZodWithOpenApi lack .openapi()." }] }],
    },
  },
];

export default config;
