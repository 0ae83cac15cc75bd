/* platforms: its face. */
export { PlatformList } from "./PlatformList";
