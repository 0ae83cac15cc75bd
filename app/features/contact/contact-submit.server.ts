import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { type CaptchaVerdict, verifyCaptcha } from "./captcha.server";
import { sendContactMessage } from "./contact.server";
import { type ContactInput, contactCaptchaAction, contactHoneypot } from "./contact-form";

/** The bot check refused the submission; nothing was stored. */
export class CaptchaRefused extends Error {
  constructor(readonly reason: Exclude<CaptchaVerdict, { ok: true }>["reason"]) {
    super(`captcha: ${reason}`);
  }
}

/**
 * One rule for the page's action and POST /api/contacts: a filled honeypot is silently dropped
 * (answered as sent), the bot check runs when configured, then the message is stored and mailed.
 */
export async function submitContact(
  svc: Pick<Services, "db" | "config" | "logger">,
  input: ContactInput,
  { lang }: { lang: Language },
): Promise<{ status: "sent" | "dropped" }> {
  if (input[contactHoneypot]) {
    svc.logger.info("contact form honeypot filled; message dropped");
    return { status: "dropped" };
  }
  const verdict = await verifyCaptcha(svc, input.captchaToken, { action: contactCaptchaAction });
  if (!verdict.ok) {
    if (verdict.reason === "unavailable") svc.logger.warn("captcha verification service unavailable");
    throw new CaptchaRefused(verdict.reason);
  }
  const { category, name, email, subject, message } = input;
  await sendContactMessage(svc, { category, name, email, subject, message }, { lang });
  return { status: "sent" };
}
