import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteManifest } from "~/features/discovery/sitemap.server";
import routes from "~/routes";

/**
 * The route manifest a server build hands the app (id, parent, path, module), made from
 * app/routes.ts and the route modules themselves, for tests that read what routes declare
 * without building.
 */
export async function routeManifest(): Promise<RouteManifest> {
  const manifest: Record<string, RouteManifest[string]> = {};
  async function add(entries: readonly RouteConfigEntry[], parentId?: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(path.resolve("app", entry.file))) as { handle?: unknown };
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  }
  await add(await routes);
  return manifest;
}
