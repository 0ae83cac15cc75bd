/* Cookie consent's server face. */
export { analyticsCookieNames } from "./consent.server";
