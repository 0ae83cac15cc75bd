/* Contact's server face for other features. */

export { createContactApi } from "./contact-api.server";
export { contactCspExtras } from "./contact-csp.server";
export { contactCaptchaAction, contactSchema } from "./contact-form";
/* Contact's server face for other features: a message's status and the lookup by address. */
export { type ContactStatus, contactMessagesOf, contactStatus } from "./contact-status.server";
export { contactStatusSource } from "./contact-status-source.server";
export { contactFormTexts, contactLimit, submitContact } from "./contact-submit.server";
export { contactPersonalData } from "./personal-data.server";
export { contactRetentionTask } from "./retention.server";
export { contactCommands } from "./tools.server";
