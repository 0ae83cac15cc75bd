/* Patch notes' face for other features: where one patch's notes are. */
export { patchAnchor, patchNotesPath } from "./patch-links";
