import { data } from "react-router";
import { JobApply, JobBody, JobHeader } from "~/features/careers/JobDetails";
import { formatDate, formatSalaryAmounts } from "~/features/careers/job-display";
import { jobPostingJsonLd } from "~/features/careers/job-posting";
import { getJobOffer, getStudioInfo } from "~/features/studio/studio.server";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/careers-single";

/** Offer ids are positive integers; anything else is a failed parameter check (404, SPEC §8). */
const offerId = /^[1-9]\d{0,9}$/;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  if (!offerId.test(params.id)) throw data(null, { status: 404 });
  const { db, config } = context.get(servicesContext);
  const lang = routeLanguage(params);
  const [job, studio] = await Promise.all([
    getJobOffer(db, Number(params.id), lang),
    getStudioInfo(db, lang),
  ]);
  if (!job) throw data(null, { status: 404 });

  const descriptionHtml = renderMarkdown(job.description);
  const seo = await loadPageSeo(args, "careersSingle", {
    title: job.title,
    studio,
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  ...(loaderData?.jsonLd ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];

export default function CareersSingle({ loaderData }: Route.ComponentProps) {
  const { job, studioName } = loaderData;
  return (
    <article className="job-page">
      <JobHeader job={job} studioName={studioName} />
      <JobBody job={job} />
      <JobApply job={job} />
    </article>
  );
}
