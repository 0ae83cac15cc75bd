import {
  CareersAbout,
  careersSectionId,
  FilteredPositions,
  OpenApplicationTeaser,
  RecruitmentProcess,
  StudioLocations,
  WhyJoinUs,
} from "~/features/careers";
import type { SitemapHandle } from "~/features/discovery";
import { filtersFromSearch, jobCard, knownFiltersOnly } from "~/features/jobs";
import { jobFilterChoices, searchJobOffers } from "~/features/jobs/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/careers";

export const handle: SitemapHandle = { sitemap: true };
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, choices, openApplications] = await Promise.all([
    getStudioInfo(db, lang),
    jobFilterChoices(db, lang),
    searchJobOffers(db, { lang, level: "open-application", pageSize: 1 }),
  ]);
  // A stale shared link still shows a list: filter values naming nothing are dropped here
  // (the API answers them with a 400 instead).
  const filters = knownFiltersOnly(filtersFromSearch(args.url.searchParams), choices);
  const result = await searchJobOffers(db, { ...filters, lang });
  const offices = choices.location;
  return {
    seo: await loadPageSeo(args, "careers", { studio }),
    studio: { name: studio.name, companySize: studio.companySize },
    // Each offer as its card shows it: the page carries this for hydration (JobCard).
    result: { ...result, items: result.items.map(jobCard), filters },
    choices: {
      ...choices,
      location: offices.map(({ slug, name }) => ({ slug, label: name })),
    },
    offices: offices.map(({ slug, name, country }) => ({ slug, name, country })),
    openApplicationId: openApplications.items[0]?.id ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { studio, result, choices, offices, openApplicationId } = loaderData;
  const { t } = useTranslation("careers");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { count: studio.companySize, offices: offices.length })}
        button={{ label: t("header.button"), targetId: careersSectionId }}
        art={pageHeaderArt("careers")}
      />
      <CareersAbout studioName={studio.name} />
      <FilteredPositions result={result} choices={choices} />
      <OpenApplicationTeaser openApplicationId={openApplicationId} />
      <WhyJoinUs />
      <RecruitmentProcess />
      <StudioLocations offices={offices} />
    </>
  );
}
