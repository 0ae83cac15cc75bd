import express from "express";
import { z } from "zod";
import { parseOr400 } from "~/platform/http/errors.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { listActiveBanners } from "./banners.server";

const bannersQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

/**
 * GET /api/multibanners (docs/requirements.md#http-api): the home page banners showing now, in one
 * language.
 */
export function createBannersApi(svc: Pick<Services, "db">) {
  const router = express.Router();
  router.get("/multibanners", async (req, res) => {
    const { lang } = parseOr400(bannersQuery, req.query);
    const banners = await listActiveBanners(svc.db, lang);
    // The same for every visitor of a language; a minute keeps date windows prompt.
    res.set("Cache-Control", "public, max-age=60");
    res.json({ lang, banners });
  });
  return router;
}
