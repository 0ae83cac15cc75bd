import express from "express";
import { z } from "zod";
import { notFound, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { getSurvey, listPlaytestSites } from "./playtest.server";
import { submitSurvey, surveyLimit } from "./survey.server";

const localeParams = z.object({ locale: z.enum(languages) });
const codeParams = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/) });
const submission = z.object({
  token: z.string().min(1).max(100),
  answers: z.record(z.string(), z.unknown()),
});

/**
 * docs/requirements.md#http-api: GET /api/open/office-playtests/{locale}, GET
 * /api/contact-surveys/code/{code} (the definition as a JSON string in `config`) and POST
 * /api/contact-surveys/submit/{code}.
 */
export function createPlaytestApi(svc: Services) {
  const router = express.Router();

  router.get("/open/office-playtests/:locale", async (req, res) => {
    const { locale } = parseOr400(localeParams, req.params);
    res.set("Cache-Control", "public, max-age=300");
    res.json(await listPlaytestSites(svc.db, locale));
  });

  router.get("/contact-surveys/code/:code", async (req, res) => {
    const { code } = parseOr400(codeParams, req.params);
    const survey = await getSurvey(svc.db, code);
    if (!survey) throw notFound();
    res.set("Cache-Control", "public, max-age=300");
    res.json({ code, config: JSON.stringify(survey) });
  });

  router.post(
    "/contact-surveys/submit/:code",
    rateLimit(svc.rateLimits.form, surveyLimit, svc.logger),
    async (req, res) => {
      const { code } = parseOr400(codeParams, req.params);
      const body = parseOr400(submission, req.body ?? {});
      orHttpError(await submitSurvey(svc.db, code, body));
      res.json({ ok: true });
    },
  );

  return router;
}
