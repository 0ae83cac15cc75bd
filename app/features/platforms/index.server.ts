/* Linked platforms: their server face. */
export { signInPlatforms } from "./platform-config.server";
export { platformOrder } from "./platform-names";
