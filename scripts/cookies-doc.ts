import path from "node:path";
import {
  cookieTable,
  type PageEffect,
  type SiteCookie,
} from "../app/platform/privacy/cookie-registry.server";

/**
 * docs/privacy/cookies.md's list of cookies, written from the site's cookie list
 * (app/features/consent/cookie-list.server.ts) by `npm run docs:cookies` between two markers;
 * the rest of the file is written by hand. `cookies-doc.test.ts` fails when the file is stale.
 */
export const cookiesDocFile = (root: string) => path.join(root, "docs/privacy/cookies.md");

const start = "<!-- cookies:start: written by `npm run docs:cookies` from the site's cookie list -->";
const end = "<!-- cookies:end -->";

const pageWords: Record<PageEffect["kind"], string> = {
  rendered: "Pages are rendered from it: what they read of it is part of the page cache's key",
  personal: "Makes the page personal: a request carrying it is never served from the page cache, nor stored",
  none: "Changes no page: the page cache does not look at it",
};

/** The generated part: the privacy page's table in English, then what each cookie does to pages. */
export function cookiesDocPart(cookies: readonly SiteCookie[]): string {
  const names = (cookie: SiteCookie) =>
    cookie.setBy === "outside" ? `\`${cookie.setting}\`` : `\`${cookie.name}\``;
  return [
    start,
    cookieTable(cookies, "en"),
    "",
    "What each cookie does to a page (`page` in its entry; `app/platform/cache`):",
    "",
    ...cookies.map((cookie) => `- ${names(cookie)}: ${pageWords[cookie.page.kind]}.`),
    end,
  ].join("\n");
}

/** `doc` with its generated part replaced by `cookiesDocPart(cookies)`. */
export function withCookiesDocPart(doc: string, cookies: readonly SiteCookie[]): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from)
    throw new Error(`docs/privacy/cookies.md lacks its markers ${start} … ${end}`);
  return `${doc.slice(0, from)}${cookiesDocPart(cookies)}${doc.slice(to + end.length)}`;
}
