/* Patch notes' server face. */
export { type PatchUnit, patchNotesKind } from "./patch-kind.server";
export { listPatchNotes } from "./patches.server";
export { createPatchesApi } from "./patches-api.server";
// Its tables, for the features that join or read them.
export { supportPatches } from "./tables";
