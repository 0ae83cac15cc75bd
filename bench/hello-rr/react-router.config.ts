import type { Config } from "@react-router/dev/config";

// The bench builds it into a folder of its own, outside the source tree.
export default {
  ssr: true,
  buildDirectory: process.env.HELLO_RR_BUILD_DIR || "build",
  // The site's flags, so the reference differs from the site by the app only.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
