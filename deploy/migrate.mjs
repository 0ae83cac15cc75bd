// Applies the pending database migrations of the build in BUILD_DIR (./build) and exits: 0 when
// the schema is current, 1 when a migration failed (its transaction rolled back). Run from a
// release's folder, whose app/platform/db/migrations it applies, with the site's settings:
//   NODE_ENV=production node --env-file=/etc/studio/studio.env deploy/migrate.mjs
// deploy/release.sh runs it before switching `current`; `npm run db:migrate` is the same.
// It runs the built server's own migration code (server/lifecycle.ts, `migrate`), so it needs
// no TypeScript tooling on the server.
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
try {
  const app = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  await app.migrate();
  process.stdout.write(`migrations applied from ${path.resolve("app/platform/db/migrations")}\n`);
} catch (err) {
  console.error(`migration failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
