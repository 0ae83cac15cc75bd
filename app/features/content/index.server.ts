/*
 * The content engine's server face. For the site: load the folder at start, check and stamp it
 * without starting, read what a tree holds, read a stored setting. For a feature's content kind: the
 * ContentKind contract and the store helpers (field rules are in "~/features/content"). For
 * tests of content rules: change a real tree and read the problems.
 */
export { assetsOf, checkAssets, contentArt } from "./check-assets.server";
export { ContentError } from "./content-error";
export {
  type AssetReference,
  type ContentKind,
  type ContentLookup,
  type ContentReader,
  deleteMissing,
  parseYamlFiles,
  type StoredCounts,
  storeSetting,
  syncRows,
  type Unit,
  type UnitArt,
  upsertRows,
  type YamlFiles,
  yamlFileKey,
} from "./content-kinds.server";
export { changeTree, editYaml, problemsOf } from "./content-test-kit";
export { type ContentLogger, type LoadReport, loadContent } from "./loader.server";
export { type ContentTree, parseContentTree, unitKeyOf, unitsOf } from "./parse-tree.server";
export { type ContentFile, type ContentFiles, readContentFiles, stampContent } from "./read-tree.server";
export { ContentMissingError, readSetting } from "./settings.server";
export { type ContentStamp, STAMP_FILE, stampProblem, writeStamp } from "./stamp.server";
