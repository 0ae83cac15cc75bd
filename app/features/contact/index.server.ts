/* Contact's server face for other features. */
export { contactPersonalData } from "./personal-data.server";
