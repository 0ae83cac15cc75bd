import type { JobPosting, WithContext } from "schema-dts";
import type { JobOffer } from "./types";

/** schema.org employment types for our commitment slugs (Google for Jobs reads these). */
const employmentTypes: Record<string, string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  contract: "CONTRACTOR",
  freelance: "CONTRACTOR",
  internship: "INTERN",
  playtest: "TEMPORARY",
};

/**
 * JobPosting structured data, so an open offer can appear in job search. Built from the offer
 * as stored; `descriptionHtml` is the sanitized HTML the page shows.
 */
export function jobPostingJsonLd(input: {
  job: JobOffer;
  descriptionHtml: string;
  url: string;
  studio: { name: string; website: string; logoUrl: string };
}) {
  const { job, studio } = input;
  const { address } = job.office;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: input.descriptionHtml,
    url: input.url,
    identifier: { "@type": "PropertyValue", name: studio.name, value: String(job.id) },
    // True when the visitor applies on our own form; an offer from a recruiting service sends
    // them to that service's page first.
    directApply: !job.applyUrl,
    datePosted: job.publishedAt,
    ...(job.closesAt ? { validThrough: job.closesAt } : {}),
    employmentType: employmentTypes[job.commitment.slug] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: studio.name,
      sameAs: studio.website,
      logo: studio.logoUrl,
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        streetAddress: address.street,
        postalCode: address.postalCode,
        addressLocality: address.city,
        ...(address.region ? { addressRegion: address.region } : {}),
        addressCountry: address.countryCode,
      },
    },
    ...(job.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.salary.currency,
            value: {
              "@type": "QuantitativeValue",
              minValue: job.salary.min,
              ...(job.salary.max === undefined ? {} : { maxValue: job.salary.max }),
              unitText: job.salary.period,
            },
          },
        }
      : {}),
    // schema-dts checks every property name and value type against the schema.org vocabulary.
  } satisfies WithContext<JobPosting>;
}
