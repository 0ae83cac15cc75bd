import express from "express";
import { z } from "zod";
import { getStudioInfo } from "~/features/studio/index.server";
import { parseOr400 } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import type { Services } from "~/platform/services.server";
import { saveFeedback } from "./contact.server";
import { contactCategories } from "./contact-categories";
import { contactCaptchaAction, contactSchema } from "./contact-form";
import { contactLimit, submitContact } from "./contact-submit.server";

const langQuery = z.object({ lang: z.enum(languages).default(defaultLanguage) });

export const feedbackBody = z.strictObject({
  /** A site path ("/support/faq/refunds"), not a full URL: feedback is about this site only. */
  page: z
    .string()
    .regex(/^\/[\w\-./%~]*$/, "Invalid page")
    .max(300),
  rating: z.number().int().min(1).max(5),
  message: z.string().trim().max(2000).optional(),
  lang: z.enum(languages).default(defaultLanguage),
});

/**
 * docs/requirements.md#http-api: GET /api/contacts/form (categories, in `?lang=`), POST
 * /api/contacts (the form's fields plus `captchaToken`, `?lang=` for the acknowledgement) and POST
 * /api/feedbacks.
 */
export function createContactApi(svc: Services) {
  const router = express.Router();

  router.get("/contacts/form", async (req, res) => {
    const { lang } = parseOr400(langQuery, req.query);
    const [t, studio] = await Promise.all([translator(lang), getStudioInfo(svc.db, lang)]);
    res.set("Cache-Control", "public, max-age=300");
    res.json({
      categories: contactCategories.map(({ slug, mailbox }) => ({
        value: slug,
        label: t(`contact:form.categories.${slug}`),
        email: studio.email[mailbox],
      })),
      captcha: { siteKey: svc.config.RECAPTCHA_SITE_KEY ?? null, action: contactCaptchaAction },
      retentionMonths: svc.config.CONTACT_RETENTION_MONTHS,
    });
  });

  router.post("/contacts", rateLimit(svc.rateLimits.form, contactLimit, svc.logger), async (req, res) => {
    const { lang } = parseOr400(langQuery, req.query);
    orHttpError(await submitContact(svc, parseOr400(contactSchema, req.body ?? {}), { lang }));
    // A dropped (honeypot) message gets the same answer: a bot learns nothing.
    res.status(201).json({ ok: true });
  });

  router.post("/feedbacks", rateLimit(svc.rateLimits.form, "feedback", svc.logger), async (req, res) => {
    const { lang, ...input } = parseOr400(feedbackBody, req.body ?? {});
    await saveFeedback(svc, input, { lang });
    res.status(201).json({ ok: true });
  });

  return router;
}
