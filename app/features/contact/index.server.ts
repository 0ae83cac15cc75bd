/* Contact's server face for other features. */

/* Contact's server face for other features: a message's status and the lookup by address. */
export { type ContactStatus, contactMessagesOf, contactStatus } from "./contact-status.server";
export { contactPersonalData } from "./personal-data.server";
export { contactCommands } from "./tools.server";
