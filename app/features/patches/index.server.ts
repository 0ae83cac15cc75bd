/* Patch notes' server face. */
export { patchNotesKind } from "./patch-kind.server";
