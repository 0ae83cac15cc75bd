export { officeFileSchema, officesKind } from "./office-kind.server";
export { getOfficeBySlug, listOffices, toOffice } from "./offices.server";
export type * from "./types";
