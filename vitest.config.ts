import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// React Router's Vite plugin stays out of tests: modules are tested directly, pages through the
// built server in a real browser (tests/e2e).
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Unit and database tests run in-process and keep both cores busy: two worker threads, and no
 * fresh module graph per file (isolate: false). Importing the app's modules again for each of
 * 150 files cost more than the tests themselves: unit 66 s and db 191 s with one forked worker
 * per file, 17 s and 84 s so (2026-11-28, this 2-core machine). A file therefore leaves no
 * state behind: its own database (tests/support/test-db.ts), real timers restored, no module
 * mocks; the whole set passes with its files shuffled (--sequence.shuffle.files).
 */
const inProcess = { pool: "threads", maxWorkers: 2, isolate: false } as const;

export default defineConfig({
  resolve: { alias },
  test: {
    // Where the time went, after the usual report: each project's time and the slowest files.
    reporters: ["default", "./tests/support/timing-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          ...inProcess,
          sequence: { groupOrder: 0 },
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
          // The server provides libphonenumber-js at start (server/app.ts); so do the tests.
          setupFiles: ["tests/support/fail-on-console.ts", "app/platform/forms/phone-numbers.server.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "db",
          ...inProcess,
          sequence: { groupOrder: 0 },
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"],
          globalSetup: ["tests/support/db-global-setup.ts"],
          // The server provides libphonenumber-js at start (server/app.ts); so do the tests.
          setupFiles: ["tests/support/fail-on-console.ts", "app/platform/forms/phone-numbers.server.ts"],
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
          globalSetup: ["tests/e2e/support/global-setup.ts", "tests/e2e/support/browser-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores run a server and a browser per file: give the page time to catch up.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, one per core, sharing the run's one Chromium: with one at a time
          // the machine was 70 % busy (a file waits on its site, its browser and itself in
          // turn), with two 91 %: 1,036 s and 903 s on a quiet machine (2026-11-28). The fuzz
          // suite runs after, not beside them: Vitest's pool has two workers for all projects,
          // and sharing them with the long fuzz files took 1,370 s for both instead of 1,181.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "fuzz",
          sequence: { groupOrder: 3 },
          include: ["tests/fuzz/**/*.fuzz.ts"],
          globalSetup: ["tests/fuzz/support/global-setup.ts"],
          // The bundle runs as Node runs it in production: its packages must be the same copies
          // @react-router/express loads (React Router checks its context with instanceof).
          server: { deps: { external: [/\/\.builds\//] } },
          // Each file (the JSON API, the page loaders, the page actions) boots the production
          // bundle with its own database; two run side by side, one per core.
          maxWorkers: 2,
          // One test sends an endpoint's requests one after another; a request that hangs fails
          // after 30 s on its own (support/site.ts), this only bounds the whole run.
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 4 },
          // Real processes of the built site, with PostgreSQL, Redis and nginx where a test says
          // so: the same build and database template as the browser tests.
          include: ["tests/integration/**/*.integration.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Two files at a time: each runs its own processes, databases, Redis keys and nginx on
          // ports of its own, and what they assert (no failed request, each e-mail once, a
          // recovery within its limit) held with another file beside them: 91 s and 80 s
          // instead of 140 s one at a time (2026-11-29).
          maxWorkers: 2,
        },
      },
    ],
  },
});
