export type { SitemapHandle, SitemapSource } from "./sitemap-handle";
