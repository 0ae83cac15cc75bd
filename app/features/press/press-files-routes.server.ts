import express from "express";
import { z } from "zod";
import { apiErrorHandler, notFound, parseOr400 } from "~/platform/http/errors.server";
import { apiUnavailableErrors } from "~/platform/http/unavailable.server";
import type { Services } from "~/platform/services.server";
import { pressKitsOf } from "./press.server";
import { pressQuery } from "./press-api.server";
import { extensionOf, mimeTypes } from "./press-files.server";
import { kitFileName, kitSlug } from "./press-kit-file.server";

const fileParams = z.object({ slug: kitSlug, name: kitFileName });

/**
 * A kit's files, outside /api so that pages can show them and journalists can share the links
 * (see press.server.ts `pressPaths`): each image or logo as a download, its thumbnail for the
 * page's grid, and the whole kit as one zip in a language. Only files the kit lists are served.
 */
export function createPressFilesRouter(svc: Services) {
  const router = express.Router();

  router.get("/press-kits/:slug/files/:name", async (req, res) => {
    const { slug, name } = parseOr400(fileParams, req.params);
    const file = await pressKitsOf(svc).file(slug, name, "file");
    if (!file) throw notFound("NOT_FOUND");
    sendBytes(req, res, file, mimeTypes[extensionOf(name)], `attachment; filename="${slug}-${name}"`);
  });

  router.get("/press-kits/:slug/thumbs/:thumb", async (req, res) => {
    const { slug, name } = parseOr400(fileParams, {
      slug: req.params.slug,
      name: req.params.thumb.replace(/\.webp$/, ""),
    });
    if (!req.params.thumb.endsWith(".webp")) throw notFound("NOT_FOUND");
    const file = await pressKitsOf(svc).file(slug, name, "thumbnail");
    if (!file) throw notFound("NOT_FOUND");
    sendBytes(req, res, file, mimeTypes.webp, "inline");
  });

  router.get("/press-kits/:slug/kit.zip", async (req, res) => {
    const slug = parseOr400(kitSlug, req.params.slug);
    const { lang } = parseOr400(pressQuery, req.query);
    const kits = pressKitsOf(svc);
    let zip = await kits.zip(slug, lang);
    if (!zip) throw notFound("NOT_FOUND");
    res.set({
      "Cache-Control": "public, max-age=3600",
      ETag: zip.etag,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${zip.fileName}"`,
    });
    if (notModified(req, zip.etag)) {
      res.status(304).end();
      return;
    }
    // Opened before answering: a store that cannot be reached is a 503 (unavailable.server.ts).
    // Gone meanwhile (another process replaced it after a change of the kit): built again.
    let opened = await kits.openZip(zip);
    if (!opened) {
      zip = await kits.zip(slug, lang);
      opened = zip && (await kits.openZip(zip));
      if (zip) res.set("ETag", zip.etag);
    }
    if (!zip || !opened) throw notFound("NOT_FOUND");
    res.set("Content-Length", String(opened.size));
    opened.body.on("error", (err) => res.destroy(err)).pipe(res);
  });

  // Only this router's errors: anything else falls through to the pages. A database or file
  // store that cannot be reached is a 503 with Retry-After, as on the API.
  router.use("/press-kits", apiUnavailableErrors, apiErrorHandler);
  return router;
}

function sendBytes(
  req: express.Request,
  res: express.Response,
  file: { bytes: Buffer; sha256: string },
  type: string,
  disposition: string,
) {
  const etag = `"${file.sha256.slice(0, 20)}"`;
  res.set({
    "Cache-Control": "public, max-age=86400",
    ETag: etag,
    "Content-Type": type,
    "Content-Disposition": disposition,
    // An SVG opened from here must not run scripts in the site's origin.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (notModified(req, etag)) {
    res.status(304).end();
    return;
  }
  res.send(file.bytes);
}

/**
 * If-None-Match names this version (RFC 9110 §13.1.2, weak comparison). Express's `req.fresh`
 * also answers no to any request with `Cache-Control: no-cache`, which fetch() adds to every
 * conditional request; as the origin we can answer those with a 304 too.
 */
function notModified(req: express.Request, etag: string): boolean {
  const header = req.get("If-None-Match");
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
