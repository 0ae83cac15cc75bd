import { z } from "zod";
import { checkedBox, choice, email, requiredString } from "~/platform/forms/fields";
import { contactCategorySlugs } from "./contact-categories";
import { contactHoneypot } from "./contact-honeypot";

/** The reCAPTCHA v3 action name the form's tokens carry and the server expects. */
export const contactCaptchaAction = "contact";

/** The contact form (docs/requirements.md#contact), shared by the browser and the server. */
export const contactSchema = z.object({
  category: choice(contactCategorySlugs),
  name: requiredString(120),
  email: email(),
  subject: requiredString(150),
  message: requiredString(5000, { min: 20 }),
  consent: checkedBox(),
  [contactHoneypot]: z.string().max(500).optional(),
  /** The bot check's token (set by the browser just before sending when a site key is set). */
  captchaToken: z.string().max(4000).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;
