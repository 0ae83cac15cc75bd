import http from "node:http";
import type { Express } from "express";
import type { ServerBuild } from "react-router";

/**
 * Every place the site takes input, read from the code that serves it: the Express app's
 * router stack (the JSON API and the other Express routes) and React Router's route manifest
 * (pages whose module exports a loader or an action). Nothing here is listed by hand, so a new
 * endpoint is fuzzed, or fails the suite for want of a sample, the day it is added.
 */
export type Endpoint = {
  /** How samples and the report name it: "POST /api/contacts", "action routes/contact". */
  key: string;
  method: string;
  /** Path template: Express (`/api/offices/:id`) or React Router (`/:lang?/careers/:id`). */
  path: string;
  kind: "api" | "express" | "loader" | "action";
  /** Pages only: the route's id in the manifest. */
  routeId?: string;
};

type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
};

/** The account API (/api/account/…): a fuzz file of its own, the rest of the Express routes another. */
export const isAccountApi = (endpoint: Endpoint) => endpoint.path.startsWith("/api/account");

export function expressEndpoints(app: Express): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        // `app.all` (every method) is React Router's handler: its pages come from the manifest.
        if (http.METHODS.every((method) => layer.route?.methods[method.toLowerCase()])) continue;
        if (typeof layer.route.path !== "string") throw new Error(`route path ${String(layer.route.path)}`);
        const path = `${prefix}${layer.route.path}`;
        for (const method of Object.keys(layer.route.methods)) {
          const upper = method.toUpperCase();
          found.push({
            key: `${upper} ${path}`,
            method: upper,
            path,
            kind: path.startsWith("/api/") ? "api" : "express",
          });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return found;
}

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

/** The leaf routes (a page, not a layout around pages) with a loader or an action. */
export function pageEndpoints(routes: ServerBuild["routes"]): Endpoint[] {
  const all = Object.values(routes).filter((route): route is ManifestRoute => route !== undefined);
  const byId = new Map(all.map((route) => [route.id, route]));
  const parents = new Set(all.map((route) => route.parentId));
  const pathOf = (route: ManifestRoute): string => {
    const segments: string[] = [];
    for (
      let at: ManifestRoute | undefined = route;
      at;
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      if (at.path) segments.unshift(at.path);
    }
    return `/${segments.join("/")}`;
  };
  const found: Endpoint[] = [];
  for (const route of all.filter((r) => !parents.has(r.id))) {
    const path = pathOf(route);
    if (route.module.loader) {
      found.push({ key: `loader ${route.id}`, method: "GET", path, kind: "loader", routeId: route.id });
    }
    if (route.module.action) {
      found.push({ key: `action ${route.id}`, method: "POST", path, kind: "action", routeId: route.id });
    }
  }
  return found;
}
