import fs from "node:fs";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { logAs } from "~/platform/http/request-log.server";

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
    if (!entries.has(first)) return next();
    // A file of the build is public: its log line may name it. A path that finds no file goes
    // on to the pages, whose lines name only their route's pattern.
    logAs(res, req.path);
    serve(req, res, (error?: unknown) => {
      logAs(res, undefined);
      next(error);
    });
  };
}

/**
 * The build's hashed assets: a file with a `.br` or `.gz` copy beside it (the build writes them
 * for scripts and style sheets, vite.config.ts) is sent as that copy to a browser that accepts
 * it, Brotli first, with `Vary: Accept-Encoding`; anything else as `express.static` sends it.
 * The copies are only looked up for a path that decodes: express-static-gzip answers a
 * malformed escape with a 400 of its own, express.static with the site's error page.
 */
export function precompressedFiles(
  dir: string,
  options: { index: false; redirect: false; immutable: boolean; maxAge: string },
): RequestHandler {
  const precompressed = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: options,
  });
  const plain = express.static(dir, options);
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      plain(req, res, next);
      return;
    }
    precompressed(req, res, next);
  };
}
