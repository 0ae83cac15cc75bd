/* Press kits' server face. */
export { listGamePressKitDates } from "./press.server";
export { pressKitsKind } from "./press-kit-kind.server";
