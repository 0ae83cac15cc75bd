/* support: its face. */
export { SupportBreadcrumb, SupportContact, SupportTopics } from "./SupportSections";
