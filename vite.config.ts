import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { catalogFile, catalogTableFile } from "./app/platform/i18n/frame-namespaces";

/**
 * The browser's translation catalogs: one file per language for the namespaces every page loads
 * (frame-namespaces.ts), one per language and namespace for the rest, of which a page loads the
 * one or two its texts use (app/platform/i18n/PageNamespaces.tsx). One file per namespace for
 * all was ~28 requests queued ahead of the page's images on a phone's few connections.
 */
function catalogChunk(id: string): string | undefined {
  const table = /\/app\/platform\/i18n\/catalog-files\/([^/]+)\.ts$/.exec(id);
  if (table) return catalogTableFile(table[1] ?? "");
  // Vite's helper for dynamic imports, which the tables use first: its own chunk, as it was
  // before they were named, not the first table's (a French page would load the English one).
  if (id.includes("vite/preload-helper")) return "preload-helper";
  const match = /\/app\/(?:platform\/i18n|features\/[^/]+)\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!match) return undefined;
  const [, lang = "", ns = ""] = match;
  return catalogFile(lang, ns);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Each script and style sheet of the browser's build also as `.br` and `.gz`, at the highest
 * settings, once per build: the server sends them as they are (server/app.ts) instead of
 * compressing the same file again for every request, which cost 2.6 times the CPU of sending it
 * uncompressed (wrk on an 89 KB chunk, 2026-11-29), and they are smaller than the per-request
 * settings make them. nginx in front can send the `.gz` too (deploy/nginx/studio.conf).
 * Written here rather than taken from vite-plugin-compression2: that plugin hooks every
 * environment's bundle (the server's too) and every public file, with no way to keep it to the
 * browser's assets; Node's zlib does the compressing.
 */
function precompressAssets(): Plugin {
  return {
    name: "studio:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      const files = Object.keys(bundle).filter((name) => /^assets\/.+\.(?:js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * A feature's modules do nothing when imported, and the browser's build is told so: a page that
 * takes one component from a feature's face (`~/features/<name>`, its index.ts) gets that
 * component, its stylesheet and what it imports, not every component the face names. Without
 * this, a stylesheet a component imports counts as an effect of loading it, and every page
 * importing the face would carry the feature's other components and their styles too.
 */
const featureModule = /\/app\/features\/[^?]*\.tsx?$/;
const sideEffectsOf = (id: string) => !featureModule.test(id);

// The production server bundle is the whole HTTP app (server/app.ts), not only React Router's
// build, so pages and the JSON API share one copy of every service module.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rollupOptions: {
          treeshake: { moduleSideEffects: sideEffectsOf },
          output: { manualChunks: catalogChunk },
        },
      },
    },
  },
  plugins: [reactRouter(), precompressAssets()],
});
