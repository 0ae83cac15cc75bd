import express from "express";
import { z } from "zod";
import { getStudioInfo } from "~/features/studio/index.server";
import { parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import type { Services } from "~/platform/services.server";
import { issueCategories, issuePlatforms } from "./issue-choices";
import { issueSchema } from "./issue-form";
import { createKnownIssuesApi } from "./known-issues-api.server";
import { issueReportLimit, reportIssue } from "./report-issue.server";

const langQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

/**
 * docs/requirements.md#http-api: GET /api/issues/form (categories, games from content, platforms,
 * upload limits, in `?lang=`) and POST /api/issues (the form's fields; `attachments` are ids from
 * POST /api/uploads), and the known issues a report may be one of (known-issues-api.server.ts).
 */
export function createIssuesApi(svc: Services) {
  const router = express.Router();

  router.get("/issues/form", async (req, res) => {
    const { lang } = parseOr400(langQuery, req.query);
    const [t, studio] = await Promise.all([translator(lang), getStudioInfo(svc.db, lang)]);
    res.set("Cache-Control", "public, max-age=300");
    res.json({
      categories: issueCategories.map((value) => ({ value, label: t(`support-report:categories.${value}`) })),
      games: studio.games.map((game) => ({ value: game.slug, label: game.name })),
      platforms: issuePlatforms.map((value) => ({ value, label: t(`support-report:platforms.${value}`) })),
      uploads: { url: "/api/uploads", ...svc.uploads.limits },
    });
  });

  router.post("/issues", rateLimit(svc.rateLimits.form, issueReportLimit, svc.logger), async (req, res) => {
    const { lang } = parseOr400(langQuery, req.query);
    const result = orHttpError(await reportIssue(svc, parseOr400(issueSchema, req.body ?? {}), { lang }));
    // A dropped (honeypot) report gets the same answer, without an id to follow.
    res.status(201).json({ ok: true, ...(result.status === "sent" ? { id: result.id } : {}) });
  });

  router.use(createKnownIssuesApi(svc));

  return router;
}
