import fs from "node:fs";
import type { RequestHandler } from "express";

/**
 * Lets only requests under one of the build's public entries (`client/brand`, `client/images`,
 * …, as listed when the server starts) reach the static files handler `serve`; the others go
 * on at once. Mounted at the site's root, express.static asks the file system (a `stat`) for
 * every page request before the page renders: 4 % of the CPU of an uncached careers page
 * (bench/README.md, "Results"). The build folder does not change while the server runs, so its
 * top-level names are read once. A path is compared as sent: a public file asked for with an
 * escaped first segment (`/%62rand/…`) is not served, as no page links to one that way.
 */
export function onlyPublicEntries(
  clientDir: string,
  serve: RequestHandler,
  skip: string[] = [],
): RequestHandler {
  const entries = new Set(fs.readdirSync(clientDir).filter((name) => !skip.includes(name)));
  return (req, res, next) => {
    const end = req.path.indexOf("/", 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    if (entries.has(first)) serve(req, res, next);
    else next();
  };
}
