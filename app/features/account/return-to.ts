import { safeLocalPath } from "~/platform/http/same-origin";
import { type Language, localizePath, splitLanguage } from "~/platform/i18n/languages";

/**
 * Signing in leads back to the account page a signed-out visitor opened (a link from the
 * data-rights page to /account/data, a bookmark): the login page's address carries it as
 * `returnTo`, and so does the second-factor step's (docs/requirements.md#account-and-second-factor).
 */
const RETURN_PARAM = "returnTo";

/** `path` carrying `target` as where to go once signed in; `path` alone when that is the home. */
function carrying(path: string, target: string, lang: Language): string {
  if (target === localizePath("/account", lang)) return path;
  return `${path}?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}

/**
 * Where a signed-out request to an account page is sent: the login page, naming the page when
 * it was opened (a GET). A post is not named: its form and what was typed in it are gone.
 */
export function loginPathFor(request: Pick<Request, "url" | "method">, lang: Language): string {
  const login = localizePath("/account/login", lang);
  if (request.method !== "GET") return login;
  const url = new URL(request.url);
  return carrying(login, `${url.pathname}${url.search}`, lang);
}

/**
 * Where signing in leads from a login or second-factor page at `requestUrl`: its `returnTo` when
 * that is a page of this site's account area (same origin, the path under /account in any
 * language), otherwise the account's home. Anything else a visitor could put there (another
 * site, another page of this one) leads home.
 */
export function afterSignIn(requestUrl: string, lang: Language): string {
  const home = localizePath("/account", lang);
  const url = new URL(requestUrl);
  const target = safeLocalPath(url.searchParams.get(RETURN_PARAM), url, home);
  const { path } = splitLanguage(new URL(target, url).pathname);
  return path === "/account" || path.startsWith("/account/") ? target : home;
}

/** The second-factor step's address, carrying where the login at `requestUrl` leads. */
export function codeStepPath(requestUrl: string, lang: Language): string {
  return carrying(localizePath("/account/code", lang), afterSignIn(requestUrl, lang), lang);
}
