import type { SitemapHandle } from "~/features/discovery";
import { PatchFilter, PatchNotes } from "~/features/patches";
import { listPatchNotes } from "~/features/patches/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { formatDate } from "~/platform/i18n/format";
import { translator } from "~/platform/i18n/translator.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { gameArt } from "~/ui/art/art";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/support-patches";

export const handle: SitemapHandle = { sitemap: true };

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const requested = new URL(args.request.url).searchParams.get("game") ?? "";
  const [studio, all, t] = await Promise.all([
    getStudioInfo(db, lang),
    listPatchNotes(db, lang),
    translator(lang),
  ]);
  // An unknown game in the address shows every game rather than an empty page.
  const game = all.some((g) => g.game.slug === requested) ? requested : undefined;
  const notes = game ? all.filter((g) => g.game.slug === game) : all;
  const dates = Object.fromEntries(
    notes.flatMap((g) => g.patches.map((p) => [p.releasedOn, formatDate(p.releasedOn, lang)])),
  );
  return {
    seo: await loadPageSeo(args, "support", { studio, title: t("patches:header.title") }),
    games: all.map((g) => g.game),
    game,
    notes,
    dates,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SupportPatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("patches");
  // One game's notes show that game's key art; all games', the support page's scene.
  const shown = loaderData.games.find((game) => game.slug === loaderData.game);
  const headerArt = shown ? gameArt(shown.slug, shown.art) : undefined;
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        art={headerArt ? { art: headerArt, crop: "hero" } : pageHeaderArt("support")}
      />
      <div className="container">
        <PatchFilter games={loaderData.games} current={loaderData.game} />
      </div>
      <PatchNotes notes={loaderData.notes} dates={loaderData.dates} />
    </>
  );
}
