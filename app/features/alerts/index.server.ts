/* Job alerts' server face for other features. */
export { alertPersonalData } from "./personal-data.server";
