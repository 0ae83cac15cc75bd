export { officeFileSchema, officesKind } from "./office-kind.server";
export { getOfficeBySlug, listOfficeSlugs, listOffices, toOffice } from "./offices.server";
export type * from "./types";
