import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// React Router's Vite plugin stays out of tests: modules are tested directly, pages through the
// built server in a real browser (tests/e2e).
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
          setupFiles: ["tests/support/fail-on-console.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "db",
          sequence: { groupOrder: 1 },
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"],
          globalSetup: ["tests/support/db-global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores run a server and a browser per file: give the page time to catch up.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one server per file; two cores, so files run two at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
