import { hash } from "node:crypto";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * What one request's log line says: method, the route it reached, status, duration (pino-http
 * adds it) and the request id. No headers, cookies or query strings, and never the path as sent:
 * private links carry their secret in the path (/status/{token}, /alerts/manage/{id}/{token},
 * /api/uploads/{id}/{token}…), and logs are read by more people, and kept longer, than those
 * links are meant for. A line names the route's pattern instead (`/:lang?/status/:token`), which
 * no visitor input reaches; guessing which segments look secret missed some tokens.
 */

/** The key under res.locals where a handler names what its line logs (a public file's path). */
const LOGGED_AS = "loggedRoute";

/**
 * Names what the request's log line shows instead of the route pattern: only for what is public
 * by nature, a file of the build served from its folder.
 */
export function logAs(res: Response, route: string | undefined) {
  res.locals[LOGGED_AS] = route;
}

/**
 * The pattern of the page route a path reaches (`/:lang?/careers/:id`; the catch-all route for
 * an unknown address), from React Router's route manifest.
 */
export function pagePatterns(routes: ServerBuild["routes"]): (pathname: string) => string {
  const manifest = Object.values(routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = tree(route.id);
        return route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children };
      });
  const roots = tree(undefined);
  // React Router flattens and ranks the whole route tree on every match: about a millisecond of
  // CPU here, as much as the rest of a data request. Visitors ask for the same few addresses, so
  // each address's pattern is kept (a bounded number of them: any address can be asked for),
  // under the address's hash: a private link's token stays no longer in memory than its request.
  const known = new LRUCache<string, string>({ max: 2000 });
  return (pathname) => {
    const key = hash("sha256", pathname, "base64url");
    let pattern = known.get(key);
    if (pattern === undefined) {
      const matches = matchRoutes(roots, pathname) ?? [];
      const segments = matches.map((match) => match.route.path).filter((segment) => segment);
      pattern = matches.length > 0 ? `/${segments.join("/")}` : "(no route)";
      known.set(key, pattern);
    }
    return pattern;
  };
}

type LoggedRequest = Pick<Request, "baseUrl" | "originalUrl"> & { route?: { path?: unknown } };

/**
 * The route a request's line names: what a handler named with `logAs`, else the Express route
 * it reached (the API, the press files), else the page route its path reaches. An API request
 * answered before any route (a rate limit, an unknown address) is `/api/*`.
 */
export function loggedRoute(
  req: LoggedRequest,
  res: Pick<Response, "locals"> | undefined,
  pagePattern: (pathname: string) => string,
): string {
  const named = res?.locals[LOGGED_AS];
  if (typeof named === "string") return named;
  const expressPath = req.route?.path;
  // The pages' own Express route is the catch-all that hands every path to React Router.
  if (typeof expressPath === "string" && !expressPath.includes("*")) return `${req.baseUrl}${expressPath}`;
  const pathname = req.originalUrl.split("?")[0] ?? "";
  return pathname === "/api" || pathname.startsWith("/api/") ? "/api/*" : pagePattern(pathname);
}

/**
 * The request's and the response's parts of a line. pino-http writes the request's part when the
 * request arrives (the request logger's binding), before any route has matched: the route is
 * added when the line is written, by `routeOf`.
 */
export const requestLogSerializers = {
  req: (req: { id: unknown; method: string }) => ({ id: req.id, method: req.method }),
  res: (res: { statusCode: number }) => ({ status: res.statusCode }),
};

/** The route a finished request's line names (see `loggedRoute`). */
export function routeOf(pagePattern: (pathname: string) => string) {
  return (req: LoggedRequest, res: Pick<Response, "locals">) => loggedRoute(req, res, pagePattern);
}
