/* contact: its face. */
export { ContactFormIntro, ContactTiles, contactFormAnchor, OfficeList } from "./ContactSections";
export { ContactStatusView } from "./ContactStatusView";
export { contactCategories } from "./contact-categories";
export { OfficeMap } from "./OfficeMap";
