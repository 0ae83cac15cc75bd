import { data } from "react-router";
import type { SitemapHandle } from "~/features/discovery";
import { trailerCspExtras } from "~/features/embeds/index.server";
import { GameKitCards, KitArchive, KitHeader, KitNav, PressKitBody, withLabels } from "~/features/press";
import { pressKitsOf } from "~/features/press/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageCspHeader } from "~/platform/security/headers.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/press";

/** The press page: the studio's kit in full, then the game kits and the archive. */
export const handle: SitemapHandle = { sitemap: true };
/** Cacheable, and the studio kit's trailer player origin in this page's CSP only (pageHeaders). */
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const svc = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const kits = await pressKitsOf(svc).list(lang);
  const studio = kits.current.find((kit) => kit.kind === "studio");
  if (!studio) throw data(null, { status: 404 });
  return data(
    {
      seo: await loadPageSeo(args, "press"),
      studio: withLabels(studio, lang),
      games: kits.current.filter((kit) => kit.kind === "game").map((kit) => withLabels(kit, lang)),
      archive: kits.archive.map((kit) => withLabels(kit, lang)),
    },
    { headers: pageCspHeader(trailerCspExtras(studio.trailer)) },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

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
        kit={studio}
        before={games.length ? [{ id: "kit-games", label: t("nav.games") }] : []}
        after={archive.length ? [{ id: "kit-archive", label: t("nav.archive") }] : []}
      />
      {games.length ? <GameKitCards kits={games} /> : null}
      <PressKitBody kit={studio} />
      <KitArchive kits={archive} />
    </>
  );
}
