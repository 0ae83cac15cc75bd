import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { catalogFile } from "./app/platform/i18n/frame-namespaces";

/**
 * The browser's translation catalogs: one file per language for the namespaces every page loads
 * (frame-namespaces.ts), one per language and namespace for the rest, of which a page loads the
 * one or two its texts use (app/platform/i18n/PageNamespaces.tsx). One file per namespace for
 * all was ~28 requests queued ahead of the page's images on a phone's few connections.
 */
function catalogChunk(id: string): string | undefined {
  const match = /\/app\/platform\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!match) return undefined;
  const [, lang = "", ns = ""] = match;
  return catalogFile(lang, ns);
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
