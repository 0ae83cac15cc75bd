/* Sitemap and robots' server face. */

export { createDiscoveryRouter } from "./discovery-routes.server";
export { listSitemapPages, type RouteManifest, type SitemapPage } from "./sitemap.server";
