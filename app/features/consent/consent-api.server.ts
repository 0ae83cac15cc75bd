import express from "express";
import { z } from "zod";
import { HttpError, parseOr400 } from "~/platform/http/errors.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { consentCookieHeaders, consentSubmissionSchema } from "./consent.server";
import { analyticsGranted, type ConsentState } from "./consent-cookies";
import { consentSettings } from "./consent-settings.server";

const settingsQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

/**
 * GET /api/configs/consents (SPEC §7) and POST /api/consents, which the banner calls with
 * JavaScript; without it the banner posts its form to /consent (consent.route.ts). Both store
 * the choice with the same cookies.
 */
export function createConsentApi(svc: Services) {
  const router = express.Router();

  router.get("/configs/consents", async (req, res) => {
    const { lang } = parseOr400(settingsQuery, req.query);
    // The same for every visitor of a language: shared caches may keep it a little while.
    res.set("Cache-Control", "public, max-age=300");
    res.json(await consentSettings(svc.config, lang));
  });

  router.post("/consents", (req, res) => {
    const requestUrl = `${req.protocol}://${req.get("host")}`;
    if (isCrossOrigin(req.headers, { ...svc.config, requestUrl }))
      throw new HttpError(403, ["COOKIE_INVALID"]);
    const body = parseOr400(consentSubmissionSchema, req.body ?? {});
    const analytics = analyticsGranted(body.choice, body.analytics);
    res.append("Set-Cookie", consentCookieHeaders(svc.config, analytics));
    const consent: ConsentState = { decided: true, analytics };
    res.json({ consent });
  });

  return router;
}
