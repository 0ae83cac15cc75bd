import express from "express";
import { z } from "zod";
import { notFound, parseOr400 } from "~/platform/http/errors.server";
import { languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { slugSchema } from "~/platform/text/slug-schema";
import { getNewsArticle, listNews } from "./news.server";
import { newsQuerySchema } from "./news-query";

const articleSlug = slugSchema("Must be an article slug");
const articleQuerySchema = z.strictObject({ lang: z.enum(languages).default("en") });

/** Articles change only when the site restarts with new content: shared caches may keep them briefly. */
const publicCache = "public, max-age=60, stale-while-revalidate=300";

/**
 * docs/requirements.md#http-api: `GET /api/open/office-news?{query}` (sort latest|oldest, q,
 * category, tag, page, pageSize ≤ 50, lang) and `GET /api/open/office-news/{slug}?lang=`. Bad
 * values answer 400 with a message per field; an unknown article 404 "Article not found".
 */
export function createNewsApi(svc: Pick<Services, "db">) {
  const router = express.Router();
  router.get("/open/office-news", async (req, res) => {
    const query = parseOr400(newsQuerySchema, req.query);
    const page = await listNews(svc.db, query);
    res.set("Cache-Control", publicCache).json(page);
  });
  router.get("/open/office-news/:slug", async (req, res) => {
    const { lang } = parseOr400(articleQuerySchema, req.query);
    const slug = articleSlug.safeParse(req.params.slug);
    const article = slug.success ? await getNewsArticle(svc.db, slug.data, lang) : null;
    if (!article) throw notFound("Article not found");
    res.set("Cache-Control", publicCache).json(article);
  });
  return router;
}
