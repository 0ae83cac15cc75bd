/* Linked platforms: their server face. */
export { configuredPlatforms, platformsCspExtras, signInPlatforms } from "./platform-config.server";
export { platformDeps } from "./platform-flow.server";
export { platformStateSiteCookie, stateCookie } from "./platform-http.server";
export { linkedPlatformsPart, platformStates } from "./platform-links.server";
export { platformOrder } from "./platform-names";
export { connectPlatform, platformsLimit, unlinkPlatform } from "./platform-writes.server";
export { createPlatformsApi } from "./platforms-api.server";
export { platformsApiPart } from "./platforms-openapi.server";
