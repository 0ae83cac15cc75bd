import crypto from "node:crypto";
import express from "express";
import { z } from "zod";
import { HttpError, notFound, parseOr400 } from "~/platform/http/errors.server";
import { consumePoint, rateLimit, TOO_MANY_REQUESTS } from "~/platform/http/rate-limit.server";
import { languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { alertCreateSchema, alertCriteriaSchema } from "./alert-form";
import {
  alertByToken,
  alertDictionaries,
  createAlert,
  ownedAlert,
  publicAlertView,
  removeAlert,
  setAlertActive,
  UnknownCriterion,
  updateAlert,
} from "./alerts.server";

const localeParams = z.object({ locale: z.enum(languages) });
const idParams = z.object({ id: z.string().max(60) });
const tokenParams = z.object({ id: z.string().max(60), token: z.string().max(100) });
const updateBody = z.object({
  id: z.string().max(60),
  token: z.string().max(100),
  payload: alertCriteriaSchema.extend({ active: z.boolean().optional() }),
});

/** The same 404 for a wrong id, a wrong token or an alert the token does not manage. */
const NOT_FOUND = "NOT_FOUND";

/** Per address, whatever the client: stops one visitor flooding someone's inbox from many IPs. */
export async function consumeAddressLimit(svc: Services, email: string): Promise<boolean> {
  const key = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return !(await consumePoint(svc.rateLimits.form, `alert-address:${key}`, svc.logger));
}

/**
 * SPEC §7: GET …/form/{locale} (dictionaries), POST (create), GET …/{id} (no personal data),
 * PUT and DELETE …/{id}/{token}; plus the RFC 8058 one-click POST …/{id}/{token}/unsubscribe
 * that mail clients send without cookies.
 */
export function createAlertsApi(svc: Services) {
  const router = express.Router();
  const base = "/open/office-job-subscriptions";

  router.get(`${base}/form/:locale`, async (req, res) => {
    const { locale } = parseOr400(localeParams, req.params);
    res.set("Cache-Control", "public, max-age=300");
    res.json(await alertDictionaries(svc.db, locale));
  });

  router.post(base, rateLimit(svc.rateLimits.form, "job-alert", svc.logger), async (req, res) => {
    const input = parseOr400(alertCreateSchema, req.body ?? {});
    if (!(await consumeAddressLimit(svc, input.email))) throw new HttpError(429, [TOO_MANY_REQUESTS]);
    try {
      await createAlert(svc, input);
    } catch (err) {
      if (err instanceof UnknownCriterion) throw new HttpError(400, [`${err.field}: INVALID_PARAMETERS`]);
      throw err;
    }
    // No id in the answer: the same body whether or not the address had alerts, and the
    // management link only ever travels to the address itself.
    res.status(202).json({ ok: true });
  });

  router.get(`${base}/:id`, async (req, res) => {
    const { id } = parseOr400(idParams, req.params);
    const view = await publicAlertView(svc.db, id);
    if (!view) throw notFound(NOT_FOUND);
    res.json(view);
  });

  /** The alert `id` names, when `token` is a link its holder may use for it. */
  async function authorized(id: string, token: string, viaId = id) {
    const via = await alertByToken(svc.db, viaId, token);
    const target = via ? await ownedAlert(svc.db, via, id) : null;
    if (!target) throw notFound(NOT_FOUND);
    return target;
  }

  router.put(`${base}/:id/:token`, async (req, res) => {
    const params = parseOr400(tokenParams, req.params);
    const body = parseOr400(updateBody, req.body ?? {});
    if (body.id !== params.id || body.token !== params.token) throw notFound(NOT_FOUND);
    const via = await alertByToken(svc.db, params.id, params.token);
    if (!via) throw notFound(NOT_FOUND);
    try {
      await updateAlert(svc.db, via, body.payload);
    } catch (err) {
      if (err instanceof UnknownCriterion) throw new HttpError(400, [`${err.field}: INVALID_PARAMETERS`]);
      throw err;
    }
    if (body.payload.active !== undefined) await setAlertActive(svc.db, via, body.payload.active);
    res.json(await publicAlertView(svc.db, via.id));
  });

  router.delete(`${base}/:id/:token`, async (req, res) => {
    const { id, token } = parseOr400(tokenParams, req.params);
    await removeAlert(svc.db, await authorized(id, token));
    res.json({ ok: true });
  });

  router.post(`${base}/:id/:token/unsubscribe`, async (req, res) => {
    const { id, token } = parseOr400(tokenParams, req.params);
    await setAlertActive(svc.db, await authorized(id, token), false);
    res.json({ ok: true });
  });

  return router;
}
