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
];

export default config;
