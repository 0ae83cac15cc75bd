import express from "express";
import { z } from "zod";
import { HttpError, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { clientKey } from "~/platform/http/rate-limit.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { consentReceipt } from "./consent-records.server";
import { consentSettings } from "./consent-settings.server";
import { submitConsent } from "./consent-write.server";

const settingsQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

/**
 * GET /api/configs/consents (docs/requirements.md#http-api) and POST /api/consents, which the
 * banner calls with JavaScript; without it the banner posts its form to /consent
 * (consent.route.ts). Both store and record the choice with the same use case
 * (consent-write.server.ts). GET /api/consents/receipt hands the visitor the records
 * filed under their consent id.
 */
export function createConsentApi(svc: Services) {
  const router = express.Router();

  router.get("/configs/consents", async (req, res) => {
    const { lang } = parseOr400(settingsQuery, req.query);
    // The same for every visitor of a language: shared caches may keep it a little while.
    res.set("Cache-Control", "public, max-age=300");
    res.json(await consentSettings(svc, lang));
  });

  // The same use case and budgets as the form without JavaScript (consent.route.ts): spent by
  // the records only, never before the choice, so that a refusal always gets through.
  router.post("/consents", async (req, res) => {
    const { consent, setCookies } = orHttpError(
      await submitConsent(svc, {
        post: req.body ?? {},
        headers: req.headers,
        requestUrl: `${req.protocol}://${req.get("host")}`,
        cookieHeader: req.get("cookie"),
        gpcHeader: req.get("sec-gpc"),
        client: clientKey(req.ip),
      }),
    );
    if (setCookies.length > 0) res.append("Set-Cookie", setCookies);
    res.json({ consent });
  });

  // The visitor's own records, by the consent id in their cookie: never cached anywhere.
  router.get("/consents/receipt", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const receipt = await consentReceipt(svc, req.get("cookie"));
    if (!receipt) throw new HttpError(404, ["NOT_FOUND"]);
    if (req.query.download !== undefined) {
      res.attachment(`consent-receipt-${receipt.consentId.slice(0, 8)}.json`);
      res.type("application/json");
      res.send(`${JSON.stringify(receipt, null, 2)}\n`);
      return;
    }
    res.json(receipt);
  });

  return router;
}
