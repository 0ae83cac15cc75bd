import { pageCspHeaders } from "~/platform/security/headers.server";

/**
 * The `headers` export of a page that is the same for every anonymous visitor with the same
 * consent record (its text comes from content, its language from its address): the page cache
 * may keep it, for PAGE_CACHE_TTL_SECONDS at most (time-based changes such as closing dates wait
 * that long). Browsers and outside caches still get `private, no-cache` (page-cache.server.ts).
 * A page without it is rendered for every request.
 */
export const sharedPageHeaders = (args?: { loaderHeaders: Headers }) => ({
  "Cache-Control": "public",
  // The origins the page's loader said it embeds (a trailer): its own CSP, kept with the page.
  ...(args ? pageCspHeaders(args) : {}),
});
