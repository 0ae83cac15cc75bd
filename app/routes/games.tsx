import { redirect } from "react-router";
import { localizePath } from "~/platform/i18n/languages";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { paths } from "~/ui/frame/site-links";
import type { Route } from "./+types/games";

/**
 * The games are listed on the home page (its #games section): one place for the list. The site's
 * own links go there directly; this answers older links and typed addresses.
 */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(localizePath(paths.gamesList, routeLanguage(params)), 302);
}

export default function Games() {
  return null;
}
