import type { JobCard, JobOfferSummary } from "./types";

/** A summary cut to its card (see JobCard): what a list page's loader returns for each offer. */
export function jobCard(job: JobOfferSummary): JobCard {
  return {
    id: job.id,
    title: job.title,
    textLanguage: job.textLanguage,
    office: { name: job.office.name, country: job.office.country },
    team: { label: job.team.label },
    level: { label: job.level.label },
    commitment: { label: job.commitment.label },
  };
}
