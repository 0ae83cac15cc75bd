/* Sitemap and robots' server face. */
export { listSitemapPages, type RouteManifest, type SitemapPage } from "./sitemap.server";
