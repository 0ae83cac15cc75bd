// Apart from the schema (contact-form.ts) so the contact form renders without loading Zod.

/**
 * The honeypot: a field people never see (hidden by CSS, skipped by keyboard and screen
 * readers) that form-filling bots tend to fill. A filled honeypot is answered as a success and
 * nothing is stored or sent, so the bot learns nothing.
 */
export const contactHoneypot = "website";
