/* Sending a contact message: the one use case behind the contact page's form and POST /api/contacts. */
import { type Outcome, ok, type Refusal, refuse } from "~/platform/http/outcome";
import { failure } from "~/platform/http/outcome.server";
import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { verifyCaptcha } from "./captcha.server";
import { sendContactMessage } from "./contact.server";
import { type ContactInput, contactCaptchaAction } from "./contact-form";
import { contactHoneypot } from "./contact-honeypot";

/** The form tier's counter of the contact form, spent by the page and the API alike. */
export const contactLimit = "contact";

/**
 * The text for a refused bot check (docs/requirements.md#contact); an unreachable service is the
 * catalogue's "try later".
 */
export const CAPTCHA_FAILED = "ReCaptcha error: Failed to execute";
export const SERVICE_UNAVAILABLE = "SERVICE_TEMPORARILY_UNAVAILABLE";

/**
 * One rule for the page's action and POST /api/contacts: a filled honeypot is silently dropped
 * (answered as sent), the bot check runs when configured, then the message is stored and mailed.
 */
export async function submitContact(
  svc: Pick<Services, "db" | "config" | "logger">,
  input: ContactInput,
  { lang }: { lang: Language },
): Promise<Outcome<{ status: "sent" | "dropped" }>> {
  if (input[contactHoneypot]) {
    svc.logger.info("contact form honeypot filled; message dropped");
    return ok({ status: "dropped" });
  }
  try {
    const verdict = await verifyCaptcha(svc, input.captchaToken, { action: contactCaptchaAction });
    if (!verdict.ok) {
      if (verdict.reason !== "unavailable") return refuse(400, CAPTCHA_FAILED);
      svc.logger.warn("captcha verification service unavailable");
      return refuse(503, SERVICE_UNAVAILABLE, { headers: { "Retry-After": "60" } });
    }
    const { category, name, email, subject, message } = input;
    await sendContactMessage(svc, { category, name, email, subject, message }, { lang });
    return ok({ status: "sent" });
  } catch (err) {
    return failure(svc.logger, err, "contact message failed");
  }
}

/** The page's words for each refusal (the API states the codes). */
export const contactFormTexts = (refusal: Refusal) => [
  refusal.code === SERVICE_UNAVAILABLE
    ? "contact:form.captchaUnavailable"
    : refusal.code === CAPTCHA_FAILED
      ? "contact:captcha.failed"
      : "contact:form.failed",
];
