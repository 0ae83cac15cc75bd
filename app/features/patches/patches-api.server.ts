import express from "express";
import { z } from "zod";
import { notFound, parseOr400 } from "~/platform/http/errors.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { slugSchema } from "~/platform/text/slug-schema";
import { listPatchNotes } from "./patches.server";

const patchesQuery = z.object({
  lang: z.enum(languages).default(defaultLanguage),
  game: slugSchema("Invalid game").optional(),
});

/**
 * docs/requirements.md#http-api: GET /api/support-patches?game=&lang= — patch notes per game,
 * newest first.
 */
export function createPatchesApi(svc: Services) {
  const router = express.Router();
  router.get("/support-patches", async (req, res) => {
    const { lang, game } = parseOr400(patchesQuery, req.query);
    const notes = await listPatchNotes(svc.db, lang, { game });
    if (game && !notes.length) throw notFound("NOT_FOUND");
    res.set("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
    res.json(notes);
  });
  return router;
}
