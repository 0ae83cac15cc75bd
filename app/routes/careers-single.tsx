import { data } from "react-router";
import { JobApply, JobBody, JobHeader, JobSuggestions } from "~/features/careers";
import {
  applicableOffer,
  applicationFormTexts,
  applicationLimit,
  applicationSchema,
  applyForJob,
} from "~/features/careers/index.server";
import type { SitemapHandle } from "~/features/discovery";
import {
  filtersFromSearch,
  formatSalaryAmounts,
  jobCard,
  jobPostingJsonLd,
  offerPageLanguages,
  searchFromFilters,
} from "~/features/jobs";
import { getJobOffer, searchJobOffers } from "~/features/jobs/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { parseForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { formatDate } from "~/platform/i18n/format";
import { localizePath } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { socialImage } from "~/platform/seo/social-image";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/careers-single";

/**
 * Offer ids are positive integers; anything else is a failed parameter check (404,
 * docs/requirements.md#error-page).
 */
const offerId = /^[1-9]\d{0,9}$/;

export const handle: SitemapHandle = { sitemap: { pages: "open-job-offers" } };
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { params, context, url } = args;
  if (!offerId.test(params.id)) throw data(null, { status: 404 });
  const { db, config } = context.get(servicesContext);
  const lang = routeLanguage(params);
  const [job, studio] = await Promise.all([
    getJobOffer(db, Number(params.id), lang),
    getStudioInfo(db, lang),
  ]);
  if (!job) throw data(null, { status: 404 });
  // A closed offer points to up to three open ones of the same team.
  const suggestions = job.isOpen
    ? []
    : (await searchJobOffers(db, { lang, team: job.team.slug, pageSize: 3, excludeId: job.id })).items.map(
        jobCard,
      );

  const descriptionHtml = renderMarkdown(job.description);
  const seo = await loadPageSeo(args, "careersSingle", {
    title: job.title,
    studio,
    pageLanguages: offerPageLanguages(job.office.slug, job.languages),
    fallbackLanguage: job.textLanguage,
    image: socialImage.office(job.office.slug),
    values: {
      title: job.title,
      team: job.team.label,
      office: job.office.name,
      commitment: job.commitment.label,
    },
  });
  return {
    seo,
    studioName: studio.name,
    // The list's filters the visitor came with (carried in the address): "back" returns there.
    listSearch: searchFromFilters(filtersFromSearch(url.searchParams)),
    retentionMonths: config.CAREERS_APPLICATION_RETENTION_MONTHS,
    suggestions,
    jsonLd: job.isOpen
      ? jobPostingJsonLd({
          job,
          descriptionHtml,
          url: seo.url,
          studio: { name: studio.name, website: studio.website, logoUrl: config.publicUrl + studio.logo },
        })
      : null,
    job: {
      id: job.id,
      title: job.title,
      textLanguage: job.textLanguage,
      team: job.team,
      level: job.level,
      commitment: job.commitment,
      office: job.office,
      responsibilities: job.responsibilities,
      requirements: job.requirements,
      isOpen: job.isOpen,
      applyUrl: job.applyUrl,
      descriptionHtml,
      published: formatDate(job.publishedAt, lang),
      closes: job.closesAt ? formatDate(job.closesAt, lang) : null,
      salary: job.salary ? formatSalaryAmounts(job.salary, lang) : null,
      url: seo.url,
    },
  };
}

/** The built-in application form (offers without a recruiting service's page). */
export async function action(args: Route.ActionArgs) {
  const { params, context, url } = args;
  if (!offerId.test(params.id)) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const lang = routeLanguage(params);
  await consumeFormLimit(context, applicationLimit);
  const job = await applicableOffer(services, Number(params.id), lang);
  // Closed, unknown, or applied for at a recruiting service: there is no form to send here.
  if (!job) throw data({ messages: ["careers:apply.errors.closed"] }, { status: 404 });
  const form = await parseForm(args.request, applicationSchema);
  if (form.status === "error") return { result: form.result };
  const outcome = await applyForJob(services, job, form.value, { lang });
  if (!outcome.ok) return { result: toFormReply(outcome, form.reply, applicationFormTexts) };
  return redirectWithFlash(
    // Back at the application section, where the form was (its fragment would be kept otherwise).
    `${localizePath(`/careers/${job.id}`, lang)}${url.search}#apply`,
    { kind: "success", messages: ["careers:apply.sent"] },
    services.config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  // A closed offer stays reachable for people who saved its link, but leaves search results.
  ...(loaderData && !loaderData.job.isOpen ? [{ name: "robots", content: "noindex" }] : []),
  ...(loaderData?.jsonLd ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];

export default function CareersSingle({ loaderData, actionData }: Route.ComponentProps) {
  const { job, studioName, listSearch, suggestions, retentionMonths } = loaderData;
  return (
    <article className="job-page">
      <JobHeader job={job} studioName={studioName} listSearch={listSearch} />
      <JobBody job={job} listSearch={listSearch} />
      {job.isOpen ? null : <JobSuggestions jobs={suggestions} />}
      <JobApply job={job} lastResult={actionData?.result} retentionMonths={retentionMonths} />
    </article>
  );
}
