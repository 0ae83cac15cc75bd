import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { GameKitCards, KitArchive } from "~/features/press/PressKitLists";
import { KitHeader, KitNav, kitParts, PressKitBody } from "~/features/press/PressKitView";
import { pressKitsOf } from "~/features/press/press.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/press";

/** The press page: the studio's kit in full, then the game kits and the archive. */
export async function loader(args: Route.LoaderArgs) {
  const svc = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const kits = await pressKitsOf(svc).list(lang);
  const studio = kits.current.find((kit) => kit.kind === "studio");
  if (!studio) throw data(null, { status: 404 });
  const seo = await loadPageSeo(args, "press");
  return {
    seo,
    ogImage: new URL(studio.images[0]!.thumbnail.url, seo.url).href,
    studio,
    games: kits.current.filter((kit) => kit.kind === "game"),
    archive: kits.archive,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.seo), { property: "og:image", content: loaderData.ogImage }] : [];

export default function Press({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("press");
  const { studio, games, archive } = loaderData;
  return (
    <>
      <KitHeader
        kit={studio}
        label={t("header.label")}
        intro={t("header.content", { studio: studio.facts.developer })}
      />
      <KitNav
        parts={kitParts(studio)}
        extra={[
          ...(games.length ? [{ id: "kit-games", label: t("nav.games") }] : []),
          ...(archive.length ? [{ id: "kit-archive", label: t("nav.archive") }] : []),
        ]}
      />
      {games.length ? <GameKitCards kits={games} /> : null}
      <PressKitBody kit={studio} />
      <KitArchive kits={archive} />
    </>
  );
}
