/* Patch notes' server face. */
export { type PatchUnit, patchNotesKind } from "./patch-kind.server";
