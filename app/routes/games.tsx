import { redirect } from "react-router";
import { localizePath } from "~/platform/i18n/languages";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/games";

/** The games are listed on the home page (its #games section): one place for the list. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`${localizePath("/", routeLanguage(params))}#games`, 302);
}

export default function Games() {
  return null;
}
