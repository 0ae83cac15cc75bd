/* press: its face. */
export { GameKitCards, KitArchive, kitPath } from "./PressKitLists";
export { KitEssentials, KitGallery, KitHeader, KitNav, PressKitBody } from "./PressKitView";
export { withLabels } from "./press-format";
