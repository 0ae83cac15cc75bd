import { data, redirect } from "react-router";
import { LocationPositions, OfficeDetails, OtherLocations, QuebecPlaytesting } from "~/features/careers";
import type { SitemapHandle } from "~/features/discovery";
import { isFrenchFirstOffice, jobCard } from "~/features/jobs";
import { searchJobOffers } from "~/features/jobs/index.server";
import { getOfficeBySlug, listOffices } from "~/features/offices/index.server";
import { hasPlaytestSection } from "~/features/playtesting";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { withPathname } from "~/platform/http/same-origin";
import { type Language, splitLanguage } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { socialImage } from "~/platform/seo/social-image";
import { isSlug } from "~/platform/text/slug";
import { officeArt } from "~/ui/art/art";
import { PageHeader } from "~/ui/frame/PageHeader";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/careers-locations-single";

/**
 * docs/requirements.md#languages-and-routes: a single careers-location page exists in English and
 * French only.
 */
const locationLanguages: Language[] = ["en", "fr"];
export const handle: LayoutHandle & SitemapHandle = {
  languages: locationLanguages,
  sitemap: { pages: "offices" },
};

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { params, context, url } = args;
  const lang = routeLanguage(params);
  if (!locationLanguages.includes(lang)) {
    throw redirect(withPathname(url, splitLanguage(url.pathname).path));
  }
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const { db } = context.get(servicesContext);
  const [office, offices, { items: jobs }] = await Promise.all([
    getOfficeBySlug(db, params.slug, lang),
    listOffices(db, lang),
    searchJobOffers(db, { lang, location: params.slug, pageSize: 100 }),
  ]);
  if (!office) throw data(null, { status: 404 });
  return {
    seo: await loadPageSeo(args, "careersLocation", {
      pageLanguages: locationLanguages,
      values: { city: office.name, country: office.country },
      image: socialImage.office(office.slug),
    }),
    office: {
      slug: office.slug,
      name: office.name,
      country: office.country,
      summary: office.summary,
      address: office.address,
      latitude: office.latitude,
      longitude: office.longitude,
      email: office.email,
      artFocus: office.artFocus,
    },
    jobs: jobs.map(jobCard),
    otherOffices: offices
      .filter((o) => o.slug !== office.slug)
      .map(({ slug, name, country }) => ({ slug, name, country })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function CareersLocationsSingle({ loaderData }: Route.ComponentProps) {
  const { office, jobs, otherOffices } = loaderData;
  const { t } = useTranslation("careers");
  const art = officeArt(office.slug, office.artFocus);
  return (
    <>
      <PageHeader
        label={t("location.label")}
        title={t("location.title", { city: office.name })}
        content={
          <>
            <p>{office.summary}</p>
            {isFrenchFirstOffice(office.slug) ? <p>{t("location.frenchNote")}</p> : null}
          </>
        }
        button={{ label: t("header.button"), targetId: "js-careers" }}
        art={art ? { art, crop: "wide" } : undefined}
      />
      <OfficeDetails office={office} />
      <LocationPositions city={office.name} slug={office.slug} jobs={jobs} />
      {hasPlaytestSection(office.slug) ? <QuebecPlaytesting /> : null}
      <OtherLocations offices={otherOffices} />
    </>
  );
}
