import { isbot } from "isbot";
import { LRUCache } from "lru-cache";

/**
 * Whether a request comes from a crawler, by its User-Agent. Crawlers get the whole document at
 * once, browsers a stream (entry.server.tsx), so the page cache keeps the two apart: both ask
 * here, so they always agree.
 *
 * isbot runs one large regular expression over the header: some 3 µs for a browser's (a cache
 * hit costs ~50 µs in all), on every page, for the few dozen user agents a site's visitors
 * really send. Their answers are kept, bounded in number and in header length, so that made-up
 * headers cannot grow the process.
 */
const known = new LRUCache<string, boolean>({ max: 500 });
const MAX_KEPT_LENGTH = 512;

export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return isbot(userAgent);
  if (userAgent.length > MAX_KEPT_LENGTH) return isbot(userAgent);
  let crawler = known.get(userAgent);
  if (crawler === undefined) {
    crawler = isbot(userAgent);
    known.set(userAgent, crawler);
  }
  return crawler;
}
