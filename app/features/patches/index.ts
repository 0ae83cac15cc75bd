/* Patch notes' face for other features: where one patch's notes are. */

export { PatchFilter, PatchList, PatchNotes } from "./PatchNotes";
export { patchAnchor, patchNotesPath } from "./patch-links";
