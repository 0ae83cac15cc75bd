import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests and parallel checks build into their own folder; the site's default is ./build.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    // Every v8 flag is on so the upgrade to React Router 8 is a version bump, not a migration.
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
