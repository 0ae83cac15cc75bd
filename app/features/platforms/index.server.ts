/* Linked platforms: their server face. */
export { signInPlatforms } from "./platform-config.server";
export { platformStateSiteCookie } from "./platform-http.server";
export { platformOrder } from "./platform-names";
export { platformsApiPart } from "./platforms-openapi.server";
