/* Press kits' server face. */
export { listGamePressKitDates, pressKitsOf } from "./press.server";
export { createPressApi } from "./press-api.server";
export { createPressFilesRouter } from "./press-files-routes.server";
export { kitSlug } from "./press-kit-file.server";
export { pressKitsKind } from "./press-kit-kind.server";
