export { officeFileSchema, officesKind } from "./office-kind.server";
export { getOfficeBySlug, listOfficeSlugs, listOffices, toOffice } from "./offices.server";
// Its tables, for the features that join or read them.
export { offices } from "./tables";
export type * from "./types";
