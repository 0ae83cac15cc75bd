import express from "express";
import { z } from "zod";
import { getStudioInfo } from "~/features/studio/index.server";
import { HttpError, notFound, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { defaultLanguage } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { knownIssueQuery, knownIssueSlug } from "./known-issue-search";
import { addMeToo, knownIssueMeTooLimit, listKnownIssues, searchKnownIssues } from "./known-issues.server";

const slugParams = z.object({ slug: knownIssueSlug });

/**
 * docs/requirements.md#known-issues: GET /api/known-issues?game=&platform=&q=&lang= (the published
 * known issues of a game that the words `q` point at; without `q`, all of them) and POST
 * /api/known-issues/{slug}/me-too (count this visitor as affected, once). Answers carry the live
 * counts, so they are never cached.
 */
export function createKnownIssuesApi(svc: Services) {
  const router = express.Router();

  router.get("/known-issues", async (req, res) => {
    const query = parseOr400(knownIssueQuery, req.query);
    const studio = await getStudioInfo(svc.db, defaultLanguage);
    if (!studio.games.some((game) => game.slug === query.game)) throw notFound("NOT_FOUND");
    const items =
      query.q === undefined ? await listKnownIssues(svc.db, query) : await searchKnownIssues(svc.db, query);
    res.set("Cache-Control", "no-store").json({ items });
  });

  router.post(
    "/known-issues/:slug/me-too",
    rateLimit(svc.rateLimits.form, knownIssueMeTooLimit, svc.logger),
    async (req, res) => {
      const requestUrl = `${req.protocol}://${req.get("host")}`;
      // The answer sets the visitor cookie: another site's page may not press for them.
      if (isCrossOrigin(req.headers, { ...svc.config, requestUrl }))
        throw new HttpError(403, ["COOKIE_INVALID"]);
      const { slug } = parseOr400(slugParams, req.params);
      const press = { slug, cookieHeader: req.headers.cookie, secure: svc.config.secureCookies };
      const { result, setCookie } = orHttpError(await addMeToo(svc.db, press));
      if (setCookie) res.append("Set-Cookie", setCookie);
      res.set("Cache-Control", "no-store").json(result);
    },
  );

  return router;
}
