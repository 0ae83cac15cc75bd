import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The platform's tables and each feature's own (docs/ARCHITECTURE.md, "Where data lives").
  schema: ["./app/platform/db/schema/index.ts", "./app/features/*/tables.ts"],
  out: "./app/platform/db/migrations",
});
