import express from "express";
import { z } from "zod";
import { ANALYTICS_CONSENT_COOKIE, CONSENT_GRANTED } from "~/features/consent";
import { parseCookies } from "~/platform/http/cookies";
import { HttpError, parseOr400 } from "~/platform/http/errors.server";
import type { Services } from "~/platform/services.server";
import { recordPageview } from "./pageviews.server";
import { routeKeyPattern } from "./route-key";

const pageviewSchema = z.strictObject({ route: z.string().regex(routeKeyPattern) });

/**
 * POST /api/analytics/pageview { route }: first-party analytics
 * (docs/requirements.md#cookie-consent-and-analytics: 'records a page view per route'). Refused
 * unless the visitor's own analytics cookie says yes, whatever the browser script decided.
 */
export function createAnalyticsApi(svc: Services) {
  const router = express.Router();
  router.post("/analytics/pageview", async (req, res) => {
    if (parseCookies(req.headers.cookie).get(ANALYTICS_CONSENT_COOKIE) !== CONSENT_GRANTED) {
      throw new HttpError(403, ["ANALYTICS_CONSENT_REQUIRED"]);
    }
    const { route } = parseOr400(pageviewSchema, req.body ?? {});
    await recordPageview(svc.db, route);
    res.status(204).end();
  });
  return router;
}
