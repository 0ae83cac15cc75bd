import { data } from "react-router";
import { JobList } from "~/features/careers";
import type { SitemapHandle } from "~/features/discovery";
import { playerUrl, TrailerEmbed } from "~/features/embeds";
import { trailerCspExtras } from "~/features/embeds/index.server";
import { FaqList } from "~/features/faq";
import { listGameFaqs } from "~/features/faq/index.server";
import { GameHero, videoGameJsonLd } from "~/features/games";
import { getGame } from "~/features/games/index.server";
import { jobCard } from "~/features/jobs";
import { searchJobOffers } from "~/features/jobs/index.server";
import { PatchList } from "~/features/patches";
import { listPatchNotes } from "~/features/patches/index.server";
import { PlaytestCards } from "~/features/playtesting";
import { listCurrentPlaytests } from "~/features/playtesting/index.server";
import { KitEssentials, KitGallery, kitPath, withLabels } from "~/features/press";
import { pressKitsOf } from "~/features/press/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { issueFormAnchor, KnownIssueCounts } from "~/features/support-report";
import { listKnownIssues } from "~/features/support-report/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { SiteLink } from "~/platform/http/prefetch";
import { formatDate } from "~/platform/i18n/format";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageCspHeader } from "~/platform/security/headers.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { socialImage } from "~/platform/seo/social-image";
import { isSlug } from "~/platform/text/slug";
import { paths } from "~/ui/frame/site-links";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/game";

/** Release notes a game's page shows; the rest are a link away, on the support page. */
const latestPatches = 3;

/** One page per game (docs/requirements.md#game-pages), listed in sitemap.xml per game. */
export const handle: SitemapHandle = { sitemap: { pages: "games" } };

/**
 * Kept by the page cache like the other public pages: the known issues' "Me too" counts are
 * read-only here and may be up to the cache's lifetime old; the report page, where they are
 * pressed, is rendered for every request (docs/decisions/0065-game-pages-cached.md). A trailer's
 * player origin joins this page's CSP, kept with the stored copy.
 */
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const { db, config } = services;
  const lang = routeLanguage(params);
  const game = await getGame(db, params.slug, lang);
  if (!game) throw data(null, { status: 404 });
  const [studio, kits, patchNotes, issues, faqs, jobs, playtests] = await Promise.all([
    getStudioInfo(db, lang),
    pressKitsOf(services).list(lang),
    listPatchNotes(db, lang, { game: game.slug }),
    listKnownIssues(db, { game: game.slug, lang }),
    listGameFaqs(db, game.slug, lang),
    searchJobOffers(db, { lang, game: game.slug }),
    listCurrentPlaytests(db, lang, { game: game.slug }),
  ]);
  // The game's current kit; archived ones are kept on the press pages for the record.
  const kit = kits.current.find((k) => k.game === game.slug) ?? null;
  const patches = (patchNotes[0]?.patches ?? []).slice(0, latestPatches);
  const seo = await loadPageSeo(args, "game", {
    studio,
    values: { game: game.name, tagline: game.tagline },
    image: socialImage.game(game.slug),
  });
  const trailer = kit?.trailer ?? null;
  const jsonLd = videoGameJsonLd({
    game,
    url: seo.url,
    image: config.publicUrl + socialImage.game(game.slug),
    studio: { name: studio.name, website: studio.website },
    trailer: trailer && {
      name: trailer.title,
      uploadDate: trailer.uploadDate,
      thumbnailUrl: config.publicUrl + trailer.poster.url,
      embedUrl: playerUrl(trailer, new URL(config.publicUrl).hostname, { autoplay: false }),
    },
  });
  return data(
    {
      seo,
      jsonLd,
      game: { ...game, released: game.releaseDate ? formatDate(game.releaseDate, lang) : null },
      kit: kit && withLabels(kit, lang),
      patches,
      patchDates: Object.fromEntries(patches.map((p) => [p.releasedOn, formatDate(p.releasedOn, lang)])),
      // Current: a fixed issue is in the patch notes' list already.
      issues: issues.filter((issue) => issue.status !== "fixed"),
      faqs,
      jobs: jobs.items.map(jobCard),
      playtests,
    },
    { headers: pageCspHeader(trailerCspExtras(trailer)) },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.seo), { "script:ld+json": loaderData.jsonLd }] : [];

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("games");
  const localize = useLocalizePath();
  const { game, kit, patches, patchDates, issues, faqs, jobs, playtests } = loaderData;
  const values = { game: game.name };
  return (
    <>
      <GameHero game={game} />

      {kit?.trailer ? (
        <Section id="trailer" title={t("trailer.title")}>
          <TrailerEmbed trailer={kit.trailer} poster={kit.trailer.poster} />
        </Section>
      ) : null}

      {kit && kit.images.length > 0 ? (
        <Section id="screenshots" title={t("screenshots.title")} tone="raised">
          <KitGallery kit={kit} />
        </Section>
      ) : null}

      <Section id="news" label={t("news.label")} title={t("news.title", values)} width="narrow">
        {patches.length > 0 ? (
          <div className="game-part">
            <h3 className="game-part__title">{t("news.patches")}</h3>
            <PatchList game={game.slug} patches={patches} dates={patchDates} />
            <p>
              <SiteLink
                className="text-link"
                to={`${localize("/support/patches")}?game=${encodeURIComponent(game.slug)}`}
              >
                {t("news.allPatches", values)}
              </SiteLink>
            </p>
          </div>
        ) : null}
        <div className="game-part" id="known-issues">
          <h3 className="game-part__title">{t("news.issues")}</h3>
          {issues.length > 0 ? (
            <KnownIssueCounts issues={issues} />
          ) : (
            <p className="game-part__empty">{t("news.noIssues", values)}</p>
          )}
          <p>
            <SiteLink className="button" to={`${localize("/support/report")}#${issueFormAnchor}`}>
              {t("news.report")}
            </SiteLink>
          </p>
        </div>
        {faqs.length > 0 ? (
          <div className="game-part">
            <h3 className="game-part__title">{t("news.faq")}</h3>
            <FaqList items={faqs} />
          </div>
        ) : null}
      </Section>

      <Section id="work-on-it" label={t("work.label")} title={t("work.title", values)} tone="raised">
        <div className="game-part">
          <h3 className="game-part__title">{t("work.jobs")}</h3>
          {jobs.length > 0 ? (
            <JobList jobs={jobs} />
          ) : (
            <p className="game-part__empty">{t("work.noJobs", values)}</p>
          )}
          <p>
            <SiteLink className="text-link" to={localize(paths.careers)}>
              {t("work.allJobs")}
            </SiteLink>
          </p>
        </div>
        <div className="game-part">
          <h3 className="game-part__title">{t("work.playtests")}</h3>
          {playtests.length > 0 ? (
            <PlaytestCards playtests={playtests} signUpPage={localize(paths.playtesting)} />
          ) : (
            <p className="game-part__empty">{t("work.noPlaytests", values)}</p>
          )}
          <p>
            <SiteLink className="text-link" to={localize(paths.playtesting)}>
              {t("work.allPlaytests")}
            </SiteLink>
          </p>
        </div>
      </Section>

      <Section id="press" label={t("press.label")} title={t("press.title")}>
        {kit ? (
          <KitEssentials
            kit={kit}
            fullKit={
              <SiteLink className="text-link" to={localize(kitPath(kit))}>
                {t("press.fullKit", values)}
              </SiteLink>
            }
          />
        ) : (
          <p className="game-part__empty">
            {t("press.noKit", values)}{" "}
            <SiteLink className="text-link" to={localize(paths.press)}>
              {t("press.studioKit")}
            </SiteLink>
          </p>
        )}
      </Section>
    </>
  );
}
