/* Press kits' server face. */
export { pressKitsKind } from "./press-kit-kind.server";
