import express from "express";
import { z } from "zod";
import { HttpError, notFound, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import { visitorHashOf } from "~/platform/privacy/anonymous-visitor.server";
import type { Services } from "~/platform/services.server";
import { getFaq, getFaqCategory, listFaqCategories, searchFaqs } from "./faq.server";
import { faqSearchQuery, slugParam } from "./faq-search";
import { faqVoteLimit, getFaqVotes, voteOnFaq } from "./faq-votes.server";
import { faqSections } from "./types";

const langQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });
const categoriesQuery = langQuery.extend({ section: z.enum(faqSections).optional() });
const slugParams = z.object({ slug: slugParam });
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Invalid id")
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
});
export const voteBody = z.strictObject({ helpful: z.boolean() });

/** Unknown FAQ answers and categories: the catalogue's NOT_FOUND, which the toasts translate. */
export const FAQ_NOT_FOUND = "NOT_FOUND";
export const FAQ_CATEGORY_NOT_FOUND = "NOT_FOUND";

/**
 * The FAQ's JSON API (docs/requirements.md#http-api): categories, search, answers and votes.
 * Content answers are the same for everyone and may be cached briefly; vote answers are per
 * visitor.
 */
export function createFaqApi(svc: Services) {
  const router = express.Router();
  const publicCache = (res: express.Response) =>
    res.set("Cache-Control", "public, max-age=60, stale-while-revalidate=300");

  router.get("/faq-categories", async (req, res) => {
    const { lang, section } = parseOr400(categoriesQuery, req.query);
    publicCache(res).json(await listFaqCategories(svc.db, lang, { section }));
  });

  router.get("/faq-categories/slug/:slug", async (req, res) => {
    const { slug } = parseOr400(slugParams, req.params);
    const { lang } = parseOr400(langQuery, req.query);
    const category = await getFaqCategory(svc.db, slug, lang);
    if (!category) throw notFound(FAQ_CATEGORY_NOT_FOUND);
    publicCache(res).json(category);
  });

  router.get("/faqs", async (req, res) => {
    const query = parseOr400(faqSearchQuery, req.query);
    if (query.category && !(await getFaqCategory(svc.db, query.category, query.lang))) {
      throw notFound(FAQ_CATEGORY_NOT_FOUND);
    }
    publicCache(res).json(await searchFaqs(svc.db, query));
  });

  router.get("/faqs/slug/:slug", async (req, res) => {
    const { slug } = parseOr400(slugParams, req.params);
    const { lang } = parseOr400(langQuery, req.query);
    const faq = await getFaq(svc.db, slug, lang);
    if (!faq) throw notFound(FAQ_NOT_FOUND);
    publicCache(res).json(faq);
  });

  router.get("/faqs/vote/:id", async (req, res) => {
    const { id } = parseOr400(idParams, req.params);
    const votes = await getFaqVotes(svc.db, id, visitorHashOf(req.headers.cookie));
    if (!votes) throw notFound(FAQ_NOT_FOUND);
    res.json(votes);
  });

  router.post(
    "/faqs/vote/:id",
    rateLimit(svc.rateLimits.form, faqVoteLimit, svc.logger),
    async (req, res) => {
      const requestUrl = `${req.protocol}://${req.get("host")}`;
      if (isCrossOrigin(req.headers, { ...svc.config, requestUrl }))
        throw new HttpError(403, ["COOKIE_INVALID"]);
      const { id } = parseOr400(idParams, req.params);
      const { helpful } = parseOr400(voteBody, req.body ?? {});
      const vote = { id, helpful, cookieHeader: req.headers.cookie, secure: svc.config.secureCookies };
      const { votes, setCookie } = orHttpError(await voteOnFaq(svc.db, vote));
      if (setCookie) res.append("Set-Cookie", setCookie);
      res.json(votes);
    },
  );

  return router;
}
