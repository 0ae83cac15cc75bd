import { data } from "react-router";
import { pageCspHeaders } from "~/platform/security/headers.server";

/**
 * The `headers` export of a page that is the same for every anonymous visitor with the same
 * consent record (its text comes from content, its language from its address): the page cache
 * may keep it, for PAGE_CACHE_TTL_SECONDS at most (time-based changes such as closing dates wait
 * that long). Browsers and outside caches still get `private, no-cache` (page-cache.server.ts).
 * A form on the page does not change that: what a visitor sends comes back only in the answer to
 * its post, never kept (pageCacheControl). A page that shows counts from visitors, a search or a
 * token from its address does not say it (docs/decisions/0039-form-pages-cached.md); a page
 * without it is rendered for every request.
 */
export const sharedPageHeaders = (args?: { loaderHeaders: Headers }) => ({
  "Cache-Control": "public",
  // The origins the page's loader said it embeds (a trailer): its own CSP, kept with the page.
  ...(args ? pageCspHeaders(args) : {}),
});

/**
 * What no cache may keep (docs/decisions/0041-no-store-in-one-place.md): a page that shows a
 * token from its address (an e-mailed link) or personal data, and every answer to a form post
 * (a form sent again holds the values sent).
 */
export const noStore = { "Cache-Control": "private, no-store" } as const;

/**
 * The `headers` export of a page that shows a token from its address or personal data: the page
 * and its data requests answer `no-store`. Answers to form posts need nothing: see
 * `pageCacheControl`.
 */
export const privatePageHeaders = () => noStore;

/** What a page answers when its route declares nothing: no shared cache may keep it. */
const privateByDefault = "private, no-cache";

const isSubmission = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * The one place that decides a page's Cache-Control (entry.server.tsx, for documents and data
 * requests): an answer to a form post is `no-store` whatever its route declared (the form comes
 * back with the visitor's values, an action's data may echo them); otherwise the route's own
 * (`sharedPageHeaders`, `privatePageHeaders`…) or `private, no-cache`: pages carry a
 * per-response CSP nonce and consent state.
 */
export function pageCacheControl(method: string, declared: string | null): string {
  if (isSubmission(method)) return noStore["Cache-Control"];
  return declared ?? privateByDefault;
}

/**
 * The `loader` of a resource route that only answers form posts (a data download): any GET,
 * page or data request, is told 405 and that nothing may be kept.
 */
export function postOnly(): never {
  throw data({ messages: ["METHOD_NOT_ALLOWED"] }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}
