export { mapUrl } from "./map-url";
export type { Office, OfficeAddress } from "./types";
