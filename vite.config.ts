import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * One file per language for the browser's translation catalogs: the browser loads all of a
 * language's namespaces before it hydrates (app/platform/i18n/catalogs.ts), and as one chunk
 * per namespace that was ~28 requests queued ahead of the page's images on a phone's few
 * connections, for ~27 KB in all.
 */
function catalogChunk(id: string): string | undefined {
  const lang = /\/app\/platform\/i18n\/locales\/([^/]+)\/[^/]+\.json$/.exec(id)?.[1];
  return lang ? `catalog-${lang}` : undefined;
}

// The production server bundle is the whole HTTP app (server/app.ts), not only React Router's
// build, so pages and the JSON API share one copy of every service module.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: { build: { rollupOptions: { output: { manualChunks: catalogChunk } } } },
  },
  plugins: [reactRouter()],
});
