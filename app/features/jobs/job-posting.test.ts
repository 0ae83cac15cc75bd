import { describe, expect, it } from "vitest";
import { jobPostingJsonLd } from "./job-posting";
import type { JobOffer } from "./types";

const job: JobOffer = {
  id: 7,
  slug: "senior-combat-designer",
  title: "Senior Combat Designer",
  textLanguage: "en",
  team: { slug: "combat", label: "Combat" },
  level: { slug: "senior", label: "Senior" },
  commitment: { slug: "full-time", label: "Full-time" },
  office: {
    slug: "gent",
    name: "Gent",
    country: "Belgium",
    countryCode: "BE",
    address: { street: "Voldersstraat 58", postalCode: "9000", city: "Gent", countryCode: "BE" },
    timezone: "Europe/Brussels",
    inEu: true,
    artFocus: null,
  },
  salary: { min: 60000, max: 75000, currency: "EUR", period: "YEAR" },
  publishedAt: "2026-05-04T00:00:00.000Z",
  closesAt: null,
  description: "Design fights.",
  responsibilities: [],
  requirements: [],
  isOpen: true,
  applyUrl: null,
  languages: ["en"],
  source: "content",
};

describe("jobPostingJsonLd", () => {
  const ld = jobPostingJsonLd({
    job,
    descriptionHtml: "<p>Design fights.</p>",
    url: "https://studio.example/careers/7",
    studio: {
      name: "Stormkettle Studios",
      website: "https://studio.example",
      logoUrl: "https://studio.example/logo.svg",
    },
  });

  it("describes the offer as a schema.org JobPosting", () => {
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title: "Senior Combat Designer",
      description: "<p>Design fights.</p>",
      datePosted: "2026-05-04T00:00:00.000Z",
      employmentType: "FULL_TIME",
      hiringOrganization: { name: "Stormkettle Studios" },
      jobLocation: { address: { addressLocality: "Gent", addressCountry: "BE", postalCode: "9000" } },
    });
  });

  it("publishes the pay range when the offer has one", () => {
    expect(ld.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "EUR",
      value: { "@type": "QuantitativeValue", minValue: 60000, maxValue: 75000, unitText: "YEAR" },
    });
  });

  it("leaves out what the offer does not say", () => {
    const open = jobPostingJsonLd({
      job: { ...job, salary: null, commitment: { slug: "internship", label: "Internship" } },
      descriptionHtml: "",
      url: "u",
      studio: { name: "S", website: "w", logoUrl: "l" },
    });
    expect(open).not.toHaveProperty("baseSalary");
    expect(open).not.toHaveProperty("validThrough");
    expect(open.employmentType).toBe("INTERN");
  });
});
