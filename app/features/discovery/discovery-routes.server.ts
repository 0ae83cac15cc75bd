import express from "express";
import type { Services } from "~/platform/services.server";
import { listSitemapPages, type RouteManifest, renderRobots, renderSitemap } from "./sitemap.server";

/**
 * GET /sitemap.xml and /robots.txt, mounted in server/app.ts before the pages. Both use
 * PUBLIC_URL for absolute addresses (crawlers need them; the Host header is not trusted). The
 * sitemap lists the pages `routes` (the server build's route manifest) declare.
 */
export function createDiscoveryRouter(svc: Services, routes: RouteManifest) {
  const router = express.Router();
  router.get("/sitemap.xml", async (_req, res, next) => {
    try {
      const xml = renderSitemap(await listSitemapPages(svc.db, routes), svc.config.publicUrl);
      // Public and the same for everyone: crawlers and caches may keep it a little while.
      res.set("Cache-Control", "public, max-age=600").type("application/xml; charset=utf-8").send(xml);
    } catch (err) {
      next(err);
    }
  });
  router.get("/robots.txt", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain; charset=utf-8");
    res.send(renderRobots(svc.config.publicUrl));
  });
  return router;
}
