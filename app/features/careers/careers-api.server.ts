import express from "express";
import { z } from "zod";
import type { JobOffer } from "~/features/jobs";
import {
  getJobOffer,
  jobSearchParams,
  searchJobOffers,
  unknownFilterMessages,
} from "~/features/jobs/index.server";
import type { Office } from "~/features/offices";
import { getOfficeBySlug, listOffices } from "~/features/offices/index.server";
import { HttpError, notFound, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import type { Services } from "~/platform/services.server";
import { slugSchema } from "~/platform/text/slug-schema";
import { applicableOffer } from "./application.server";
import { applicationSchema } from "./application-form";
import { applicationLimit, applyForJob } from "./apply-for-job.server";

const localeParams = z.strictObject({ locale: z.enum(languages) });
const slugParams = z.strictObject({
  slug: slugSchema("Invalid slug"),
  locale: z.enum(languages),
});
const langQuery = z.strictObject({ lang: z.enum(languages).default(defaultLanguage) });
const idParams = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Invalid id")
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
const offersQuery = jobSearchParams.extend({ lang: z.enum(languages).default(defaultLanguage) });

/** One offer as the API gives it: the description as sanitized HTML rendered from Markdown. */
export function offerForApi(job: JobOffer) {
  return {
    id: job.id,
    slug: job.slug,
    title: job.title,
    team: job.team,
    level: job.level,
    commitment: job.commitment,
    office: job.office,
    description: renderMarkdown(job.description),
    responsibilities: job.responsibilities,
    requirements: job.requirements,
    publishedAt: job.publishedAt,
    closesAt: job.closesAt,
    isOpen: job.isOpen,
    language: job.textLanguage,
    languages: job.languages,
    source: job.source,
    applyUrl: job.applyUrl,
    salary: job.salary,
  };
}

const continents: Office["continent"][] = ["europe", "north-america", "asia"];

/**
 * docs/requirements.md#http-api: the offices and the job offers. Lists are public content,
 * cacheable for a few minutes; bad parameters are 400s naming the parameter, unknown ids 404s.
 */
export function createCareersApi(svc: Services) {
  const router = express.Router();
  const cacheable = (res: express.Response) => res.set("Cache-Control", "public, max-age=300");

  router.get("/open/offices/by-continent/:locale", async (req, res) => {
    const { locale } = parseOr400(localeParams, req.params);
    const offices = await listOffices(svc.db, locale);
    cacheable(res).json(
      continents
        .map((continent) => ({ continent, offices: offices.filter((o) => o.continent === continent) }))
        .filter((group) => group.offices.length > 0),
    );
  });

  router.get("/open/offices/by-slug/:slug/:locale", async (req, res) => {
    const { slug, locale } = parseOr400(slugParams, req.params);
    const office = await getOfficeBySlug(svc.db, slug, locale);
    if (!office) throw notFound(`No office "${slug}"`);
    cacheable(res).json(office);
  });

  router.get("/open/offices/job-offers/:id", async (req, res) => {
    const { id } = parseOr400(idParams, req.params);
    const { lang } = parseOr400(langQuery, req.query);
    const job = await getJobOffer(svc.db, id, lang);
    if (!job) throw notFound(`No job offer ${id}`);
    cacheable(res).json(offerForApi(job));
  });

  /**
   * The application form as JSON: the résumé is first sent to POST /api/uploads and named here
   * by its id (`resume: ["<uuid>"]`); `phone` is `{ country, number }` as the form posts it.
   */
  router.post(
    "/open/offices/job-offers/:id/applications",
    rateLimit(svc.rateLimits.form, applicationLimit, svc.logger),
    async (req, res) => {
      const { id } = parseOr400(idParams, req.params);
      const { lang } = parseOr400(langQuery, req.query);
      const job = await applicableOffer(svc, id, lang);
      if (!job) throw notFound(`No job offer ${id} taking applications here`);
      orHttpError(await applyForJob(svc, job, parseOr400(applicationSchema, req.body ?? {}), { lang }));
      // A dropped (honeypot) submission looks the same as a sent one.
      res.status(201).json({ ok: true });
    },
  );

  router.get("/open/offices/:locale", async (req, res) => {
    const { locale } = parseOr400(localeParams, req.params);
    cacheable(res).json(await listOffices(svc.db, locale));
  });

  router.get("/offices/job-offers", async (req, res) => {
    const { lang, studio, location, ...rest } = parseOr400(offersQuery, req.query);
    const filters = { ...rest, location: location ?? studio };
    // Searches and the filter choices are memoized where they are made (features/jobs).
    const unknown = await unknownFilterMessages(svc.db, filters);
    if (unknown.length) throw new HttpError(400, unknown);
    cacheable(res).json(await searchJobOffers(svc.db, { ...filters, lang }));
  });

  router.get("/offices", async (req, res) => {
    const { lang } = parseOr400(langQuery, req.query);
    cacheable(res).json(await listOffices(svc.db, lang));
  });

  return router;
}
