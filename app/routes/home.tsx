import type { SitemapHandle } from "~/features/discovery";
import { AwardsSection, GamesSection, HomeBanner, HomeHero, StudioStory, ValuePanels } from "~/features/home";
import { getHomeContent, listActiveBanners } from "~/features/home/index.server";
import { listOffices } from "~/features/offices/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { formatDate } from "~/platform/i18n/format";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/home";

export const handle: SitemapHandle = { sitemap: true };
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [home, studio, offices, banners] = await Promise.all([
    getHomeContent(db, lang),
    getStudioInfo(db, lang),
    listOffices(db, lang),
    listActiveBanners(db, lang),
  ]);
  return {
    seo: await loadPageSeo(args, "home", { studio }),
    hero: home.hero,
    about: { title: home.about.title, html: renderMarkdown(home.about.body) },
    vision: { title: home.vision.title, html: renderMarkdown(home.vision.body) },
    stats: {
      companySize: studio.companySize,
      foundedYear: studio.foundedYear,
      offices: offices.length,
      countries: new Set(offices.map((office) => office.countryCode)).size,
      games: home.games.filter((game) => game.releaseDate !== null).length,
    },
    valuePanels: home.valuePanels,
    banner: home.banner,
    banners,
    awards: home.awards,
    games: home.games.map((game) => ({
      slug: game.slug,
      name: game.name,
      tagline: game.tagline,
      description: game.description,
      platforms: game.platforms,
      website: game.website,
      art: game.art,
      released:
        game.releaseDate && game.releaseDate <= new Date().toISOString().slice(0, 10)
          ? formatDate(game.releaseDate, lang)
          : null,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, about, vision, stats, valuePanels, banner, banners, awards, games } = loaderData;
  return (
    <>
      <HomeHero label={hero.label} title={hero.title} subtitle={hero.subtitle} />
      <StudioStory about={about} vision={vision} stats={stats} />
      <ValuePanels panels={valuePanels} />
      <HomeBanner banners={banners} fallback={banner} />
      <AwardsSection awards={awards} />
      <GamesSection games={games} />
    </>
  );
}
