import express from "express";
import { z } from "zod";
import { notFound, parseOr400 } from "~/platform/http/errors.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { pressKitsOf } from "./press.server";
import { kitSlug } from "./press-kit-file.server";

export const pressQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

/**
 * docs/requirements.md#http-api: GET /api/presses?lang= — the current press kits and the archive,
 * each with its facts, texts, files (download and thumbnail addresses, sizes) and its zip; GET
 * /api/presses/{slug} — one kit.
 */
export function createPressApi(svc: Services) {
  const router = express.Router();
  const cache = (res: express.Response) =>
    res.set("Cache-Control", "public, max-age=60, stale-while-revalidate=300");

  router.get("/presses", async (req, res) => {
    const { lang } = parseOr400(pressQuery, req.query);
    const kits = await pressKitsOf(svc).list(lang);
    cache(res).json(kits);
  });

  router.get("/presses/:slug", async (req, res) => {
    const { lang } = parseOr400(pressQuery, req.query);
    const slug = parseOr400(kitSlug, req.params.slug);
    const kit = await pressKitsOf(svc).get(slug, lang);
    if (!kit) throw notFound("NOT_FOUND");
    cache(res).json(kit);
  });
  return router;
}
