import { accountSiteCookies } from "~/features/account/index.server";
import { platformStateSiteCookie } from "~/features/platforms/index.server";
import { visitorSiteCookie } from "~/platform/privacy/anonymous-visitor.server";
import type { SiteCookie } from "~/platform/privacy/cookie-registry.server";
import { flashSiteCookie } from "~/ui/feedback/flash.server";
import { consentSiteCookies, outsideAnalyticsSiteCookies } from "./consent.server";

/**
 * Every cookie the site sets, one line each: the only place that names them all
 * (app/platform/privacy/cookie-registry.server.ts says what follows from it). The order is the
 * privacy page's table and the banner's categories'. A function, read once every feature has
 * loaded. A module that starts writing a cookie defines it beside its name and adds it here;
 * `cookie-list.test.ts` fails on a cookie the sources write that this list lacks.
 */
export function siteCookies(): SiteCookie[] {
  return [
    ...consentSiteCookies,
    flashSiteCookie,
    ...accountSiteCookies,
    platformStateSiteCookie,
    visitorSiteCookie,
    outsideAnalyticsSiteCookies,
  ];
}
