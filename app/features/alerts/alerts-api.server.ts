import express from "express";
import { z } from "zod";
import { notFound, parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { languages } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { alertCreateSchema, alertCriteriaSchema } from "./alert-form";
import {
  ALERT_NOT_FOUND,
  alertCreateLimit,
  alertManageLimit,
  changeAlertCriteria,
  managedAlert,
  subscribeToJobs,
} from "./alert-writes.server";
import { alertDictionaries, publicAlertView, removeAlert, setAlertActive } from "./alerts.server";

const localeParams = z.object({ locale: z.enum(languages) });
const idParams = z.object({ id: z.string().max(60) });
const tokenParams = z.object({ id: z.string().max(60), token: z.string().max(100) });
const updateBody = z.object({
  id: z.string().max(60),
  token: z.string().max(100),
  payload: alertCriteriaSchema.extend({ active: z.boolean().optional() }),
});

/**
 * docs/requirements.md#http-api: GET …/form/{locale} (dictionaries), POST (create), GET …/{id} (no
 * personal data), PUT and DELETE …/{id}/{token}; plus the RFC 8058 one-click POST
 * …/{id}/{token}/unsubscribe that mail clients send without cookies.
 */
export function createAlertsApi(svc: Services) {
  const router = express.Router();
  const base = "/open/office-job-subscriptions";

  router.get(`${base}/form/:locale`, async (req, res) => {
    const { locale } = parseOr400(localeParams, req.params);
    res.set("Cache-Control", "public, max-age=300");
    res.json(await alertDictionaries(svc.db, locale));
  });

  router.post(base, rateLimit(svc.rateLimits.form, alertCreateLimit, svc.logger), async (req, res) => {
    orHttpError(await subscribeToJobs(svc, parseOr400(alertCreateSchema, req.body ?? {})));
    // No id in the answer: the same body whether or not the address had alerts, and the
    // management link only ever travels to the address itself.
    res.status(202).json({ ok: true });
  });

  router.get(`${base}/:id`, async (req, res) => {
    const { id } = parseOr400(idParams, req.params);
    const view = await publicAlertView(svc.db, id);
    if (!view) throw notFound(ALERT_NOT_FOUND);
    res.json(view);
  });

  /** The alert of the link `id`, `token` (see managedAlert), or the same 404 for every mismatch. */
  async function authorized(link: { id: string; token: string }) {
    return orHttpError(await managedAlert(svc.db, link)).target;
  }

  const manage = rateLimit(svc.rateLimits.form, alertManageLimit, svc.logger);

  router.put(`${base}/:id/:token`, manage, async (req, res) => {
    const params = parseOr400(tokenParams, req.params);
    const body = parseOr400(updateBody, req.body ?? {});
    if (body.id !== params.id || body.token !== params.token) throw notFound(ALERT_NOT_FOUND);
    const alert = await authorized(params);
    orHttpError(await changeAlertCriteria(svc.db, alert, body.payload));
    if (body.payload.active !== undefined) await setAlertActive(svc.db, alert, body.payload.active);
    res.json(await publicAlertView(svc.db, alert.id));
  });

  router.delete(`${base}/:id/:token`, manage, async (req, res) => {
    await removeAlert(svc, (await authorized(parseOr400(tokenParams, req.params))).id);
    res.json({ ok: true });
  });

  // Not counted per client: mail providers send every recipient's one-click from a few servers.
  router.post(`${base}/:id/:token/unsubscribe`, async (req, res) => {
    await setAlertActive(svc.db, await authorized(parseOr400(tokenParams, req.params)), false);
    res.json({ ok: true });
  });

  return router;
}
