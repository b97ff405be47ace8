import { defineConfig } from "drizzle-kit";

// Migrations are generated from server/db/schema and committed; never hand-edited.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./drizzle",
});
